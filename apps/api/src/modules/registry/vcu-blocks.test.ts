import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { registryTexts } from '@carbonledger/contracts';
import { createTestDatabase } from '../../test/test-app';
import { pgErrorOf, type Database } from '../../db/database';
import { auditLog, registryVcuBlocks, vcuBlocks } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { sandboxRegistry } from './sandbox-registry';
import { WIND_BLOCK, WIND_PROJECT, createRegistryTenant } from './registry.testing';
import { availableUnits, importVcuBlock, markTokenised, releaseReservation, releaseVcuBlock, reserveUnits, retireTokenisedUnits } from './vcu-blocks.service';

/** The wind block's serial with other block numbers. */
function windSerial(start: number, end: number): string {
  return `16044-${start}-${end}-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0`;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('VCU import, reservation and the one-tokenisation rule', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let alpha: Actor;
  let beta: Actor;
  let gamma: Actor;

  const importAs = (actor: Actor, serial: string) => database.withTenant(actor.tenantId, (tx) => importVcuBlock(tx, sandboxRegistry(tx), actor, serial));
  const registryBlocksOf = (actor: Actor) =>
    database.withTenant(actor.tenantId, (tx) =>
      tx.select().from(registryVcuBlocks).where(eq(registryVcuBlocks.projectId, WIND_PROJECT)).orderBy(registryVcuBlocks.blockStart),
    );

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    alpha = await createRegistryTenant(database, 'alpha');
    beta = await createRegistryTenant(database, 'beta');
    gamma = await createRegistryTenant(database, 'gamma');
  });
  afterAll(() => drop());

  it('imports a sub-range: recorded as available, locked in the registry, audited', async () => {
    const imported = await importAs(alpha, windSerial(690100001, 690101000));
    expect(imported).toMatchObject({
      status: 'available',
      registry: 'sandbox',
      projectId: WIND_PROJECT,
      serialNumber: windSerial(690100001, 690101000),
      blockStart: 690100001n,
      blockEnd: 690101000n,
      vintageStart: '2023-01-01',
      vintageEnd: '2023-12-31',
      verifier: 'Aster Global Environmental Solutions, Inc.',
    });
    expect(imported.registryReference).toMatch(/^SBX-LCK-[0-9A-F]{12}$/);

    const blocks = await registryBlocksOf(alpha);
    expect(blocks.slice(0, 2).map((block) => [block.serialNumber, block.status, block.reference])).toEqual([
      [windSerial(690100001, 690101000), 'locked', imported.registryReference],
      [windSerial(690101001, 690105000), 'issued', null],
    ]);
    const audit = await database.withTenant(alpha.tenantId, (tx) => tx.select().from(auditLog).where(eq(auditLog.resourceId, imported.id)));
    expect(audit[0]).toMatchObject({ action: 'vcu.imported', details: { units: '1000', serialNumber: windSerial(690100001, 690101000) } });
  });

  it('refuses a malformed serial with the field-level messages', async () => {
    const error = await rejection(importAs(alpha, windSerial(690100005, 690100001)));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields).toEqual({ serialNumber: ['Block end 690100001 is before block start 690100005'] });
  });

  it('refuses a range the registry never issued, and one whose other fields differ from the issuance', async () => {
    const unknown = await rejection(importAs(alpha, windSerial(100, 200)));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: registryTexts.blockNotFound });
    const wrongVintage = await rejection(importAs(alpha, '16044-690102001-690102100-VCS-VCU-262-VER-US-1-3107-01012022-31122022-0'));
    expect(wrongVintage).toMatchObject({ code: 'VALIDATION_ERROR', fields: { serialNumber: [registryTexts.issuanceMismatch] } });
  });

  it('lets exactly one of two concurrent imports of overlapping ranges win', async () => {
    const results = await Promise.allSettled([importAs(alpha, windSerial(690102001, 690102500)), importAs(alpha, windSerial(690102400, 690102900))]);
    const winners = results.filter((result) => result.status === 'fulfilled');
    const losers = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.reason).toBeInstanceOf(AppError);
    expect(losers[0]!.reason).toMatchObject({ code: 'CONFLICT', status: 409, message: registryTexts.overlap });
  });

  it('refuses the same range to another tenant without telling it whose it is', async () => {
    const error = await rejection(importAs(beta, windSerial(690100500, 690100600)));
    expect(error).toMatchObject({ code: 'CONFLICT', message: registryTexts.overlap });
    expect(JSON.stringify({ message: error.message, fields: error.fields })).not.toMatch(/alpha|690100001|690101000/);
    const betaSees = await database.withTenant(beta.tenantId, (tx) => tx.select().from(vcuBlocks));
    expect(betaSees).toEqual([]);
    const betaRegistry = await registryBlocksOf(beta);
    expect(betaRegistry[0]).toMatchObject({ serialNumber: WIND_BLOCK, status: 'issued' });
  });

  it('races two tenants for the same credits: one wins, the other gets a conflict', async () => {
    const serial = windSerial(690103001, 690103100);
    const results = await Promise.allSettled([importAs(beta, serial), importAs(gamma, serial)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')!;
    expect(loser.reason).toMatchObject({ code: 'CONFLICT', message: registryTexts.overlap });
  });

  it('lets touching ranges coexist but refuses a single shared serial', async () => {
    const touching = await importAs(gamma, windSerial(690101001, 690101010));
    expect(touching.status).toBe('available');
    const shared = await rejection(importAs(gamma, windSerial(690101010, 690101020)));
    expect(shared).toMatchObject({ code: 'CONFLICT', message: registryTexts.overlap });
  });

  it('enforces the rule in the database itself, whatever the role or tenant', async () => {
    const attempt = database.asSystem((tx) =>
      tx.insert(vcuBlocks).values({
        tenantId: gamma.tenantId,
        companyId: gamma.companyId,
        registry: 'sandbox',
        projectId: WIND_PROJECT,
        serialNumber: windSerial(690100999, 690101001),
        blockStart: 690100999n,
        blockEnd: 690101001n,
        vintageStart: '2023-01-01',
        vintageEnd: '2023-12-31',
        issuanceDate: '2024-03-05',
        verifier: 'x',
      }),
    );
    const error = await attempt.catch((caught: unknown) => caught);
    expect(pgErrorOf(error)).toMatchObject({ code: '23P01', constraint: 'vcu_blocks_no_double_tokenisation' });
  });

  it('reserves the lowest serials and splits the rest into a new row with its own serial', async () => {
    const actor = await createRegistryTenant(database, 'delta');
    const serial = '16044-690105001-690107910-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0';
    const imported = await importAs(actor, serial);
    const reserved = await database.withTenant(actor.tenantId, (tx) => reserveUnits(tx, { blockIds: [imported.id] }, 1200n, 'mint-job-1'));
    expect(reserved.map((block) => [block.id, block.serialNumber, block.status, block.mintReference])).toEqual([
      [imported.id, windSerial(690105001, 690106200), 'reserved', 'mint-job-1'],
    ]);
    const rows = await database.withTenant(actor.tenantId, (tx) => tx.select().from(vcuBlocks).orderBy(vcuBlocks.blockStart));
    expect(rows.map((row) => [row.serialNumber, row.status, row.splitFrom, row.registryReference])).toEqual([
      [windSerial(690105001, 690106200), 'reserved', null, imported.registryReference],
      [windSerial(690106201, 690107910), 'available', imported.id, imported.registryReference],
    ]);
    expect(
      await database.withTenant(actor.tenantId, (tx) =>
        availableUnits(tx, { registry: 'sandbox', projectId: WIND_PROJECT, companyId: actor.companyId, vintageYear: 2023 }),
      ),
    ).toBe(1710n);
  });

  it('reserves across blocks of a project, and refuses more than is available without changing anything', async () => {
    const actor = await createRegistryTenant(database, 'epsilon');
    await importAs(actor, windSerial(690107911, 690108010));
    await importAs(actor, windSerial(690108011, 690108210));
    const tooMuch = await rejection(
      database.withTenant(actor.tenantId, (tx) =>
        reserveUnits(tx, { registry: 'sandbox', projectId: WIND_PROJECT, companyId: actor.companyId }, 301n, 'mint-x'),
      ),
    );
    expect(tooMuch).toMatchObject({ code: 'CONFLICT', message: 'Only 300 tCO2e of imported VCUs are available; 301 tCO2e requested.' });
    expect(tooMuch).toMatchObject({ reason: 'REGISTRY__INSUFFICIENT_UNITS' });
    const reserved = await database.withTenant(actor.tenantId, (tx) =>
      reserveUnits(tx, { registry: 'sandbox', projectId: WIND_PROJECT, companyId: actor.companyId, vintageYear: 2023 }, 150n, 'mint-2'),
    );
    expect(reserved.map((block) => block.serialNumber)).toEqual([windSerial(690107911, 690108010), windSerial(690108011, 690108060)]);
    expect(
      await database.withTenant(actor.tenantId, (tx) => availableUnits(tx, { registry: 'sandbox', projectId: WIND_PROJECT, companyId: actor.companyId })),
    ).toBe(150n);
    expect(
      await database.withTenant(actor.tenantId, (tx) =>
        availableUnits(tx, { registry: 'sandbox', projectId: WIND_PROJECT, companyId: actor.companyId, vintageYear: 2024 }),
      ),
    ).toBe(0n);

    // Another company of the same tenant neither sees nor takes these VCUs.
    const otherCompany = { registry: 'sandbox' as const, projectId: WIND_PROJECT, companyId: randomUUID() };
    expect(await database.withTenant(actor.tenantId, (tx) => availableUnits(tx, otherCompany))).toBe(0n);
    expect(await rejection(database.withTenant(actor.tenantId, (tx) => reserveUnits(tx, otherCompany, 1n, 'mint-other')))).toMatchObject({ code: 'CONFLICT' });
  });

  it('lets only one of two concurrent reservations take the same units', async () => {
    const actor = await createRegistryTenant(database, 'zeta');
    await importAs(actor, windSerial(690109001, 690110000));
    const reserve = (reference: string) =>
      database.withTenant(actor.tenantId, (tx) =>
        reserveUnits(tx, { registry: 'sandbox', projectId: WIND_PROJECT, companyId: actor.companyId }, 600n, reference),
      );
    const results = await Promise.allSettled([reserve('mint-a'), reserve('mint-b')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result): result is PromiseRejectedResult => result.status === 'rejected')!.reason).toMatchObject({ code: 'CONFLICT' });
  });

  it('tokenises a reservation, releases a failed one, and retires tokenised units in the registry', async () => {
    const actor = await createRegistryTenant(database, 'eta');
    const imported = await importAs(actor, windSerial(690111001, 690111500));
    await database.withTenant(actor.tenantId, (tx) => reserveUnits(tx, { blockIds: [imported.id] }, 100n, 'failed-mint'));
    const released = await database.withTenant(actor.tenantId, (tx) => releaseReservation(tx, 'failed-mint'));
    expect(released.map((block) => [block.status, block.mintReference])).toEqual([['available', null]]);

    await database.withTenant(actor.tenantId, (tx) =>
      reserveUnits(tx, { registry: 'sandbox', projectId: WIND_PROJECT, companyId: actor.companyId }, 300n, 'mint-ok'),
    );
    const tokenised = await database.withTenant(actor.tenantId, (tx) => markTokenised(tx, 'mint-ok', 'MintAddress1111111111111111111111111111111'));
    expect(tokenised.map((block) => [block.serialNumber, block.status, block.mintAddress])).toEqual([
      [windSerial(690111001, 690111100), 'tokenised', 'MintAddress1111111111111111111111111111111'],
      [windSerial(690111101, 690111300), 'tokenised', 'MintAddress1111111111111111111111111111111'],
    ]);

    const retired = await database.withTenant(actor.tenantId, (tx) =>
      retireTokenisedUnits(tx, sandboxRegistry(tx), {
        mintAddress: 'MintAddress1111111111111111111111111111111',
        units: 150n,
        beneficiary: 'eta',
        reason: 'Scope 1 offset 2024',
      }),
    );
    expect(retired.map((block) => [block.serialNumber, block.status])).toEqual([
      [windSerial(690111001, 690111100), 'retired'],
      [windSerial(690111101, 690111150), 'retired'],
    ]);
    expect(retired.every((block) => /^SBX-RET-/.test(block.retirementReference ?? ''))).toBe(true);
    const registry = await registryBlocksOf(actor);
    expect(
      registry.filter((block) => block.blockStart >= 690111001n && block.blockEnd <= 690111500n).map((block) => [block.serialNumber, block.status]),
    ).toEqual([
      [windSerial(690111001, 690111100), 'retired'],
      [windSerial(690111101, 690111150), 'retired'],
      [windSerial(690111151, 690111500), 'locked'],
    ]);
    const tooMany = await rejection(
      database.withTenant(actor.tenantId, (tx) =>
        retireTokenisedUnits(tx, sandboxRegistry(tx), {
          mintAddress: 'MintAddress1111111111111111111111111111111',
          units: 151n,
          beneficiary: 'eta',
          reason: 'x',
        }),
      ),
    );
    expect(tooMany.code).toBe('CONFLICT');
  });

  it('gives a released block back to the registry so the range can be imported again', async () => {
    const actor = await createRegistryTenant(database, 'theta');
    const imported = await importAs(actor, windSerial(690112001, 690112100));
    const released = await database.withTenant(actor.tenantId, (tx) => releaseVcuBlock(tx, sandboxRegistry(tx), imported.id));
    expect(released.status).toBe('released');
    const again = await importAs(actor, windSerial(690112001, 690112100));
    expect(again.status).toBe('available');
    const counts = await database.withTenant(actor.tenantId, (tx) =>
      tx.execute(sql`select status, count(*)::int as n from vcu_blocks group by status order by status`),
    );
    expect((counts as { rows: unknown[] }).rows).toEqual([
      { status: 'available', n: 1 },
      { status: 'released', n: 1 },
    ]);
  });
});
