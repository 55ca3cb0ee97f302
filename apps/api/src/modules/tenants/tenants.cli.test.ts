import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, tenants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runTenantCreate } from './tenants.cli-run';
import { tenantsDepsOf } from './tenants.deps';
import { acceptInvitationFromOutbox, tenantRequest } from './tenants.testing';

/** `npm run tenant:create`: the operator's shell command runs the product's tenant creation. */
let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

async function run(args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runTenantCreate(args, tenantsDepsOf(harness.app), (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

const ARGS = [
  ...['--name', 'Shell Made', '--slug', 'shell-made', '--company-name', 'Shell Carbon', '--legal-name', 'Shell Carbon Lda.', '--tax-id', '509999999'],
  ...[
    '--country',
    'PT',
    '--address',
    'Rua Augusta 1',
    '--city',
    'Lisboa',
    '--admin-email',
    'first@shell-made.test',
    '--admin-first-name',
    'Rui',
    '--admin-last-name',
    'Sá',
  ],
  ...['--theme', 'dark', '--primary', '#114477'],
];

describe('npm run tenant:create', () => {
  it('creates the tenant, its first company and invites its administrator, who accepts and signs in', async () => {
    const { code, output } = await run(ARGS);
    expect(code, output).toBe(0);
    expect(output).toMatch(/^Tenant created: Shell Made \(shell-made\) [0-9a-f-]{36}$/m);
    expect(output).toContain("First administrator: first@shell-made.test (pending_verification); invitation placed in the tenant's outbox (no SMTP_URL).");
    const [tenant] = await harness.app.db.asSystem((tx) => tx.select().from(tenants).where(eq(tenants.slug, 'shell-made')));
    expect(tenant).toMatchObject({ theme: 'dark', branding: { customColors: { primary: '#114477' } } });
    const created = await harness.app.db.withTenant(tenant!.id, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'tenant.created')));
    expect(created.map((entry) => [entry.actorUserId, entry.details])).toEqual([[null, expect.objectContaining({ createdBy: 'operator' })]]);

    const administrator = await acceptInvitationFromOutbox(harness.app, tenant!.id, 'first@shell-made.test');
    expect(administrator.result).toMatchObject({ user: { role: 'COMPANY_ADMIN' }, company: { name: 'Shell Carbon' }, tenant: { id: tenant!.id } });
  });

  it('takes the POST /tenants body as --json', async () => {
    const { code, output } = await run(['--json', JSON.stringify(tenantRequest('json-made'))]);
    expect(code, output).toBe(0);
    expect(output).toContain('First company: json-made Carbon Ltd.');
  });

  it('prints each problem and creates nothing when the input is wrong', async () => {
    const { code, output } = await run(['--name', 'Half', '--slug', 'Bad Slug', '--tax-id', '1', '--country', 'BR']);
    expect(code).toBe(1);
    expect(output).toContain('slug: Use 2–40 lower-case letters');
    expect(output).toContain('company.name:');
    expect(output).toContain('administrator.email:');
    expect(await harness.app.db.asSystem((tx) => tx.select().from(tenants).where(eq(tenants.name, 'Half')))).toEqual([]);
  });

  it('refuses a slug that exists', async () => {
    const { code, output } = await run(['--json', JSON.stringify(tenantRequest('demo'))]);
    expect(code).toBe(1);
    expect(output).toBe('The tenant was not created: A tenant with this identifier already exists.');
  });

  it('answers usage for an unknown option', async () => {
    const { code, output } = await run(['--colour', 'red']);
    expect(code).toBe(2);
    expect(output).toContain('Usage: npm run tenant:create');
  });
});
