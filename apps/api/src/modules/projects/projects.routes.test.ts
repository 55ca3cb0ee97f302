import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carbonProjectDetailSchema,
  carbonProjectSchema,
  projectStatsSchema,
  registryTexts,
  vcuSchema,
  type CarbonProject,
  type Vcu,
} from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';
import { onboardCompanyForTests } from '../companies/companies.testing';
import { approveCompanyKyc } from '../kyc/kyc.testing';
import { createRegistryTenant } from '../registry/registry.testing';
import { markTokenised, releaseReservation, reserveUnits } from '../registry';

const WIND = (start: number, end: number) => `16044-${start}-${end}-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0`;

describe('carbon projects and VCU import API', () => {
  let harness: TestApp;
  let admin: SignedIn;
  let viewer: SignedIn;
  let otherTenant: SignedIn;

  const get = (url: string, who: SignedIn | null = admin) =>
    harness.app.inject({ method: 'GET', url, headers: who ? { authorization: who.headers.authorization! } : {} });
  const importSerial = (serialNumber: unknown, who: SignedIn | null = admin) =>
    harness.app.inject({ method: 'POST', url: '/api/v1/vcus/import', headers: who?.headers ?? {}, payload: { serialNumber } });

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await signInAs(harness.app, 'companyadmin@demo.test');
    viewer = await signInAs(harness.app, 'viewer@demo.test');
    const beta = await createRegistryTenant(harness.app.db, 'beta');
    otherTenant = await signInAs(harness.app, beta.email);
  });
  afterAll(() => harness.close());

  describe('without a signed-in user', () => {
    it.each(['/api/v1/projects', '/api/v1/projects/stats', '/api/v1/projects/2250', '/api/v1/projects/2250/vcus', '/api/v1/vcus'])(
      'GET %s answers 401',
      async (url) => {
        const response = await get(url, null);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      },
    );

    it('POST /api/v1/vcus/import answers 401', async () => {
      expect((await importSerial(WIND(690100001, 690100010), null)).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/projects', () => {
    it('lists the sandbox projects with the specified fields, credits as strings', async () => {
      const response = await get('/api/v1/projects');
      expect(response.statusCode).toBe(200);
      const page = response.json().data as { items: CarbonProject[]; total: number; page: number; pageSize: number };
      expect(page).toMatchObject({ total: 11, page: 1, pageSize: 12 });
      expect(page.items).toHaveLength(11);
      for (const item of page.items) expect(carbonProjectSchema.safeParse(item).success).toBe(true);
      expect(page.items.find((item) => item.id === '2250')).toEqual({
        id: '2250',
        registry: 'sandbox',
        name: 'Bahia Solar Photovoltaic Complex',
        description: expect.stringContaining('320 MWp'),
        location: 'Bom Jesus da Lapa, Bahia, Brazil',
        country: 'BR',
        type: 'renewable',
        technology: 'Solar photovoltaic',
        vintage: '2021–2023',
        vintages: [2021, 2022, 2023],
        coBenefits: ['SDG 7: Affordable and Clean Energy', 'SDG 8: Decent Work and Economic Growth', 'SDG 13: Climate Action'],
        methodology: 'ACM0002',
        methodologyName: 'Grid-connected electricity generation from renewable sources',
        developer: 'Verde Energia S.A.',
        standard: 'VCS',
        sectoralScope: 1,
        totalCredits: '102820',
        availableCredits: '96490',
        retiredCredits: '6330',
      });
      expect(new Set(page.items.map((item) => item.country))).toEqual(new Set(['BR', 'IN', 'KE', 'US', 'PE', 'ID']));
    });

    it.each([
      ['Bahia', ['2250']],
      ['kenya', ['2054', '2433']],
      ['1748', ['1748']],
      ['VCS 1477', ['1477']],
      ['REDD', ['1477', '1360']],
      ['100%_', []],
    ])('searches name, id and location for %j', async (search, ids) => {
      const response = await get(`/api/v1/projects?search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(200);
      expect(
        response
          .json()
          .data.items.map((item: CarbonProject) => item.id)
          .sort(),
      ).toEqual([...ids].sort());
    });

    it('filters by type', async () => {
      const wind = (await get('/api/v1/projects?type=wind')).json().data;
      expect(wind.total).toBe(3);
      expect(wind.items.every((item: CarbonProject) => item.type === 'wind')).toBe(true);
      expect((await get('/api/v1/projects?type=all')).json().data.total).toBe(11);
      expect((await get('/api/v1/projects?type=blue_carbon&search=Sumatra')).json().data.items.map((item: CarbonProject) => item.id)).toEqual(['3012']);
    });

    it('pages through the results', async () => {
      const third = (await get('/api/v1/projects?pageSize=5&page=3')).json().data;
      expect(third).toMatchObject({ total: 11, page: 3, pageSize: 5 });
      expect(third.items).toHaveLength(1);
      const all = (await get('/api/v1/projects?pageSize=100')).json().data.items.map((item: CarbonProject) => item.id);
      const paged = [];
      for (const page of [1, 2, 3])
        paged.push(...(await get(`/api/v1/projects?pageSize=5&page=${page}`)).json().data.items.map((item: CarbonProject) => item.id));
      expect(paged).toEqual(all);
    });

    it.each([
      ['type=solar', 'type'],
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['page=abc', 'page'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ])('answers 400 for %s', async (query, field) => {
      const response = await get(`/api/v1/projects?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    });
  });

  describe('GET /api/v1/projects/stats', () => {
    it('counts projects and credits overall and by type, matching the list', async () => {
      const response = await get('/api/v1/projects/stats');
      expect(response.statusCode).toBe(200);
      const stats = projectStatsSchema.parse(response.json().data);
      const items = (await get('/api/v1/projects?pageSize=100')).json().data.items as CarbonProject[];
      const sum = (pick: (item: CarbonProject) => string) => items.reduce((total, item) => total + BigInt(pick(item)), 0n).toString();
      expect(stats).toMatchObject({
        projectCount: 11,
        totalCredits: sum((item) => item.totalCredits),
        availableCredits: sum((item) => item.availableCredits),
        retiredCredits: sum((item) => item.retiredCredits),
      });
      expect(stats.byType.map((entry) => [entry.type, entry.projectCount])).toEqual([
        ['renewable', 2],
        ['wind', 3],
        ['forestry', 2],
        ['cookstoves', 1],
        ['blue_carbon', 1],
        ['methane_capture', 2],
      ]);
    });
  });

  describe('GET /api/v1/projects/{id}', () => {
    it('shows the project with its VCU blocks', async () => {
      const response = await get('/api/v1/projects/1360');
      expect(response.statusCode).toBe(200);
      const detail = carbonProjectDetailSchema.parse(response.json().data);
      expect(detail).toMatchObject({
        name: 'Tambopata-Bahuaja Forest Conservation (REDD+)',
        methodology: 'VM0007',
        location: 'Madre de Dios, Peru',
        vintage: '2018–2021',
      });
      expect(detail.coBenefits).toContain('CCB Gold: Biodiversity');
      expect(detail.vcuBlocks[0]).toEqual({
        serialNumber: '12001-823550001-823772920-VCS-VCU-1024-VER-PE-14-1360-01012018-31122018-1',
        projectId: '1360',
        blockStart: '823550001',
        blockEnd: '823772920',
        units: '222920',
        vintageStart: '2018-01-01',
        vintageEnd: '2018-12-31',
        status: 'retired',
        issuanceDate: expect.stringMatching(/^2019-/),
        verifier: 'SCS Global Services',
      });
      expect(detail.vcuBlocks.reduce((total, block) => total + BigInt(block.units), 0n).toString()).toBe(detail.totalCredits);
    });

    it('answers 404 for an unknown project and 400 for a malformed id', async () => {
      const missing = await get('/api/v1/projects/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: registryTexts.projectNotFound, error: { code: 'NOT_FOUND' } });
      expect((await get('/api/v1/projects/abc')).statusCode).toBe(400);
      expect((await get('/api/v1/projects/999999/vcus')).statusCode).toBe(404);
    });
  });

  describe('POST /api/v1/vcus/import and GET /api/v1/projects/{id}/vcus', () => {
    it('imports a block, which then shows as available while the rest stays importable', async () => {
      const before = (await get('/api/v1/projects/3107')).json().data as CarbonProject;
      const response = await importSerial(WIND(690100001, 690101000));
      expect(response.statusCode).toBe(201);
      const vcu = vcuSchema.parse(response.json().data);
      expect(response.json().message).toBe(registryTexts.imported);
      expect(vcu).toMatchObject({
        serialNumber: WIND(690100001, 690101000),
        projectId: '3107',
        projectName: 'Texas Panhandle Wind Energy',
        vintage: '2023',
        amount: '1000',
        status: 'available',
        verification: { status: 'verified', verifier: 'Aster Global Environmental Solutions, Inc.', registryReference: expect.stringMatching(/^SBX-LCK-/) },
        mintAddress: null,
      });

      const vcus = (await get('/api/v1/projects/3107/vcus')).json().data as Vcu[];
      expect(vcus.slice(0, 2).map((entry) => [entry.serialNumber, entry.status, entry.id !== null])).toEqual([
        [WIND(690100001, 690101000), 'available', true],
        [WIND(690101001, 690105000), 'not_imported', false],
      ]);
      const after = (await get('/api/v1/projects/3107')).json().data as CarbonProject;
      expect(BigInt(before.availableCredits) - BigInt(after.availableCredits)).toBe(1000n);
      expect(after.totalCredits).toBe(before.totalCredits);
    });

    it('answers 400 with the field-level reason for a bad serial', async () => {
      const cases: [unknown, string][] = [
        [WIND(690100001, 690100000), 'Block end 690100000 is before block start 690100001'],
        ['16044-690100001-690100010-VCS-VCU-262-VER-XQ-1-3107-01012023-31122023-0', 'Country "XQ" is not a known ISO 3166 country code'],
        [
          '16044-690100001-690100010-VCS-VCU-262-VER-US-1-3107-31022023-31122023-0',
          'Vintage start "31022023" is not a real calendar date (DDMMYYYY, years 1990–2100)',
        ],
        ['16044-690100001-690100010-VCS-VCU-262-VER-US-1-3107-01012023-31122022-0', 'Vintage end 31122022 is before vintage start 01012023'],
        ['16044-69010000A-690100010-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0', 'Block start "69010000A" must be a whole number'],
        ['not a serial', expect.stringContaining('13 dash-separated fields')],
      ];
      for (const [serial, message] of cases) {
        const response = await importSerial(serial);
        expect(response.statusCode, String(serial)).toBe(400);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', fields: { serialNumber: [message] } } });
      }
      const missing = await harness.app.inject({ method: 'POST', url: '/api/v1/vcus/import', headers: admin.headers, payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().error.fields)).toEqual(['serialNumber']);
      expect((await importSerial(12345)).statusCode).toBe(400);
    });

    it('answers 404 for a serial the registry never issued', async () => {
      const response = await importSerial(WIND(1, 10));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: registryTexts.blockNotFound, error: { fields: { serialNumber: [registryTexts.blockNotFound] } } });
    });

    it('answers 409 when the range overlaps one already imported', async () => {
      const response = await importSerial(WIND(690100900, 690101100));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: registryTexts.overlap, error: { code: 'CONFLICT', fields: { serialNumber: [registryTexts.overlap] } } });
      expect(response.json().error.reason).toBe('REGISTRY__SERIAL_OVERLAP');
    });

    it('lets one of two simultaneous imports of overlapping ranges win and refuses the other with 409', async () => {
      const [first, second] = await Promise.all([importSerial(WIND(690102001, 690102500)), importSerial(WIND(690102300, 690102800))]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(loser.json().message).toBe(registryTexts.overlap);
    });

    it("lists the company's imported VCUs across projects, filtered by status or project", async () => {
      const forest = await importSerial('12001-824002771-824003770-VCS-VCU-1024-VER-PE-14-1360-01012018-31122018-1');
      expect(forest.statusCode).toBe(201);
      const all = (await get('/api/v1/vcus')).json().data as Vcu[];
      expect(all.map((entry) => [entry.projectId, entry.serialNumber, entry.status])).toEqual([
        ['1360', '12001-824002771-824003770-VCS-VCU-1024-VER-PE-14-1360-01012018-31122018-1', 'available'],
        ['3107', WIND(690100001, 690101000), 'available'],
        ['3107', expect.stringMatching(/^16044-69010(2001-690102500|2300-690102800)-/), 'available'],
      ]);
      expect(all[0]!.projectName).toBe('Tambopata-Bahuaja Forest Conservation (REDD+)');
      expect((await get('/api/v1/vcus?projectId=1360')).json().data).toHaveLength(1);
      expect((await get('/api/v1/vcus?status=tokenised')).json().data).toEqual([]);
      expect((await get('/api/v1/vcus?status=released')).statusCode).toBe(400);
      expect((await get('/api/v1/vcus?limit=0')).statusCode).toBe(400);
    });

    it('shows what minting did: reserved and tokenised parts with the mint address, the split remainder still available', async () => {
      const tenantId = admin.result.tenant.id;
      await harness.app.db.withTenant(tenantId, async (tx) => {
        const [wind] = await reserveUnits(tx, { registry: 'sandbox', projectId: '3107', companyId: admin.result.company.id }, 100n, 'job-1');
        expect(wind!.serialNumber).toBe(WIND(690100001, 690100100));
        await markTokenised(tx, 'job-1', 'So11111111111111111111111111111111111111112');
        await reserveUnits(tx, { registry: 'sandbox', projectId: '3107', companyId: admin.result.company.id }, 50n, 'job-2');
      });
      const vcus = (await get('/api/v1/projects/3107/vcus')).json().data as Vcu[];
      expect(vcus.slice(0, 3).map((entry) => [entry.serialNumber, entry.status, entry.amount, entry.mintAddress])).toEqual([
        [WIND(690100001, 690100100), 'tokenised', '100', 'So11111111111111111111111111111111111111112'],
        [WIND(690100101, 690100150), 'reserved', '50', null],
        [WIND(690100151, 690101000), 'available', '850', null],
      ]);
      expect((await get('/api/v1/vcus?status=tokenised')).json().data.map((entry: Vcu) => entry.serialNumber)).toEqual([WIND(690100001, 690100100)]);
      await harness.app.db.withTenant(tenantId, (tx) => releaseReservation(tx, 'job-2'));
    });

    it('needs the mint permission: a viewer gets 403', async () => {
      const response = await importSerial(WIND(690103001, 690103010), viewer);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ACCESS_DENIED');
    });

    it('refuses a state-changing request without the CSRF token', async () => {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/vcus/import',
        headers: { authorization: admin.headers.authorization! },
        payload: { serialNumber: WIND(690103001, 690103010) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('CSRF_TOKEN_MISMATCH');
    });
  });

  describe('company isolation within the tenant', () => {
    let otherCompany: SignedIn;
    let platformAdmin: SignedIn;
    const ACME = WIND(690104501, 690104600);

    beforeAll(async () => {
      platformAdmin = await signInAs(harness.app, 'admin@demo.test');
      otherCompany = (await onboardCompanyForTests(harness.app, platformAdmin, 'Acme Carbon', { email: 'acme@demo.test' })).companyAdmin;
      await approveCompanyKyc(harness.app, otherCompany, platformAdmin);
      expect((await importSerial(ACME, otherCompany)).statusCode).toBe(201);
    });

    it("never lists another company's imported blocks, ids or mints; platform administrators see every company's", async () => {
      const own = (await get('/api/v1/vcus')).json().data as Vcu[];
      expect(own.length).toBeGreaterThan(0);
      expect(own.map((entry) => entry.serialNumber)).not.toContain(ACME);
      expect(((await get('/api/v1/vcus', otherCompany)).json().data as Vcu[]).map((entry) => entry.serialNumber)).toEqual([ACME]);
      expect(((await get('/api/v1/vcus', platformAdmin)).json().data as Vcu[]).map((entry) => entry.serialNumber)).toEqual(
        expect.arrayContaining([ACME, ...own.map((entry) => entry.serialNumber)]),
      );

      const projectView = (await get('/api/v1/projects/3107/vcus')).json().data as Vcu[];
      expect(projectView.find((entry) => entry.serialNumber === ACME)).toMatchObject({ id: null, status: 'unavailable', mintAddress: null, createdAt: null });
    });
  });

  describe('tenant isolation', () => {
    it("never shows another tenant's imported blocks", async () => {
      const vcus = (await get('/api/v1/projects/3107/vcus', otherTenant)).json().data as Vcu[];
      expect(vcus.every((entry) => entry.id === null && entry.status === 'not_imported')).toBe(true);
      expect(vcus[0]!.serialNumber).toBe('16044-690100001-690105000-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0');
      const stats = (await get('/api/v1/projects/3107', otherTenant)).json().data as CarbonProject;
      expect(stats.availableCredits).toBe('46820');
    });

    it("refuses credits another tenant already holds, without naming that tenant's range", async () => {
      const response = await importSerial(WIND(690100500, 690100600), otherTenant);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(registryTexts.overlap);
      expect(response.body).not.toMatch(/690100001|690101000|demo|Verde/);
      const free = await importSerial(WIND(690104001, 690104100), otherTenant);
      expect(free.statusCode).toBe(201);
      const demoView = (await get('/api/v1/projects/3107/vcus')).json().data as Vcu[];
      expect(demoView.some((entry) => entry.serialNumber === WIND(690104001, 690104100))).toBe(false);
      expect(((await get('/api/v1/vcus', otherTenant)).json().data as Vcu[]).map((entry) => entry.serialNumber)).toEqual([WIND(690104001, 690104100)]);
      expect(((await get('/api/v1/vcus')).json().data as Vcu[]).map((entry) => entry.serialNumber)).not.toContain(WIND(690104001, 690104100));
    });
  });
});
