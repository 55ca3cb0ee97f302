import { parseArgs } from 'node:util';
import { createTenantRequest } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import { createTenant } from './tenants.creation';
import type { TenantsDeps } from './tenants.deps';

export const TENANT_CREATE_USAGE = `Usage: npm run tenant:create -- --name <tenant name> --slug <identifier>
    --company-name <name> --legal-name <legal name> --tax-id <tax ID> --country <ISO code>
    --address <street and number> --city <city> [--region <region>] [--postal-code <code>]
    --admin-email <e-mail> --admin-first-name <first name> --admin-last-name <last name>
    [--theme light|dark|auto] [--primary #RRGGBB] [--secondary #RRGGBB] [--body-font <font>] [--display-font <font>]
  or:  npm run tenant:create -- --json '<the POST /api/v1/tenants body>'

Creates a tenant with its first company and invites that company's first administrator by e-mail
(SMTP_URL, else the tenant's outbox). Uses the same configuration as the server (DATA_DIR or
DATABASE_URL); with the embedded database, stop the server first.`;

const OPTIONS = {
  name: { type: 'string' },
  slug: { type: 'string' },
  'company-name': { type: 'string' },
  'legal-name': { type: 'string' },
  'tax-id': { type: 'string' },
  country: { type: 'string' },
  address: { type: 'string' },
  city: { type: 'string' },
  region: { type: 'string' },
  'postal-code': { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-first-name': { type: 'string' },
  'admin-last-name': { type: 'string' },
  theme: { type: 'string' },
  primary: { type: 'string' },
  secondary: { type: 'string' },
  'body-font': { type: 'string' },
  'display-font': { type: 'string' },
  json: { type: 'string' },
  help: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

/** Leaves out what was not given, so that the request's own defaults and messages apply. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

function requestOf(values: Values): unknown {
  if (values.json !== undefined) return JSON.parse(values.json) as unknown;
  const colours = defined({ primary: values.primary, secondary: values.secondary });
  const fonts = defined({ body: values['body-font'], display: values['display-font'] });
  return defined({
    name: values.name,
    slug: values.slug,
    theme: values.theme,
    branding: defined({ customColors: Object.keys(colours).length ? colours : undefined, fonts: Object.keys(fonts).length ? fonts : undefined }),
    company: {
      name: values['company-name'],
      legalName: values['legal-name'],
      taxId: values['tax-id'],
      country: values.country,
      address: defined({ line1: values.address, city: values.city, region: values.region, postalCode: values['postal-code'] }),
    },
    administrator: { email: values['admin-email'], firstName: values['admin-first-name'], lastName: values['admin-last-name'] },
  });
}

/**
 * `npm run tenant:create`: what POST /tenants does for a platform SUPER_ADMIN, for an operator
 * at a shell (no user: the audit trail records the operator). Exit code 0 created, 1 refused
 * (the reasons are printed), 2 usage.
 */
export async function runTenantCreate(args: string[], deps: TenantsDeps, write: (line: string) => void): Promise<number> {
  let values: Values;
  try {
    values = parseArgs({ args, options: OPTIONS, strict: true }).values;
  } catch (error) {
    write(`${(error as Error).message}\n\n${TENANT_CREATE_USAGE}`);
    return 2;
  }
  if (values.help) {
    write(TENANT_CREATE_USAGE);
    return 0;
  }
  let raw: unknown;
  try {
    raw = requestOf(values);
  } catch {
    write('--json is not valid JSON.');
    return 2;
  }
  const parsed = createTenantRequest.safeParse(raw);
  if (!parsed.success) {
    write('The tenant was not created:');
    for (const issue of parsed.error.issues) write(`  ${issue.path.join('.') || 'request'}: ${issue.message}`);
    return 1;
  }
  try {
    const created = await createTenant(deps, { kind: 'operator' }, parsed.data);
    write(`Tenant created: ${created.tenant.name} (${created.tenant.slug}) ${created.tenant.id}`);
    write(`First company: ${created.company.name} ${created.company.id}`);
    write(
      `First administrator: ${created.administrator.email} (${created.administrator.status}); ` +
        (!created.administrator.invitationSent
          ? 'the invitation e-mail could not be sent: resend it from Team → Users.'
          : deps.users.mail.smtpUrl
            ? 'invitation e-mailed.'
            : "invitation placed in the tenant's outbox (no SMTP_URL)."),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    write(`The tenant was not created: ${error.message}`);
    return 1;
  }
}
