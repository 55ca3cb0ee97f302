/*
 * Over 300 lines on purpose: the Verra serial grammar, its parsing and formatting, and the
 * registry's payload schemas are one contract that the API, the web forms and the tests share.
 */
import { z } from 'zod';

/**
 * Verra VCU serial numbers (docs/product.md §3 VCU "serial number").
 *
 * Current form, 13 fields:
 *   {issuance}-{blockStart}-{blockEnd}-VCS-VCU-{programCode}-{VER|MER}-{country}-{scope}-{projectId}-{vintageStart DDMMYYYY}-{vintageEnd DDMMYYYY}-{0|1}
 * Legacy form, 12 fields: the same without "VCS".
 *
 * A serial names a contiguous block of units; units = blockEnd − blockStart + 1.
 */

/** ISO 3166-1 alpha-2 country codes (officially assigned), plus XK (Kosovo) which Verra uses. */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK'
  ).split(' '),
);

export const CREDIT_TYPES = ['VER', 'MER'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];

/** Largest block number PostgreSQL's int8range can hold. */
export const MAX_SERIAL_BLOCK = 9_223_372_036_854_775_807n;

export interface VerraSerial {
  form: 'current' | 'legacy';
  /** Registry issuance batch number. */
  issuance: string;
  blockStart: bigint;
  blockEnd: bigint;
  /** Methodology or program code of the issuance (e.g. 262, VM0007). */
  programCode: string;
  creditType: CreditType;
  /** ISO 3166-1 alpha-2 country of the project. */
  country: string;
  /** Verra sectoral scope, 1–16. */
  sectoralScope: number;
  /** Verra project id (the number in "VCS 1529"). */
  projectId: string;
  /** ISO dates (YYYY-MM-DD). */
  vintageStart: string;
  vintageEnd: string;
  /** The trailing 0|1 flag: 1 when the units carry an additional certification label (e.g. CCB). */
  additionalCertification: boolean;
}

export type SerialField =
  | 'format'
  | 'issuance'
  | 'blockStart'
  | 'blockEnd'
  | 'standard'
  | 'unitType'
  | 'programCode'
  | 'creditType'
  | 'country'
  | 'sectoralScope'
  | 'projectId'
  | 'vintageStart'
  | 'vintageEnd'
  | 'additionalCertification';

export interface SerialFieldError {
  field: SerialField;
  message: string;
}

export type SerialParseResult = { ok: true; serial: VerraSerial } | { ok: false; errors: SerialFieldError[] };

export const SERIAL_FIELD_LABELS: Record<SerialField, string> = {
  format: 'Serial number',
  issuance: 'Issuance number',
  blockStart: 'Block start',
  blockEnd: 'Block end',
  standard: 'Standard',
  unitType: 'Unit type',
  programCode: 'Methodology/program code',
  creditType: 'Credit type',
  country: 'Country',
  sectoralScope: 'Sectoral scope',
  projectId: 'Project id',
  vintageStart: 'Vintage start',
  vintageEnd: 'Vintage end',
  additionalCertification: 'Additional certification flag',
};

const CANONICAL_NUMBER = /^[1-9][0-9]*$/;

function positiveNumberError(value: string, field: SerialField): SerialFieldError | null {
  const label = SERIAL_FIELD_LABELS[field];
  if (!/^[0-9]+$/.test(value)) return { field, message: `${label} "${value}" must be a whole number` };
  if (!CANONICAL_NUMBER.test(value)) return { field, message: `${label} "${value}" must be a positive number without leading zeros` };
  return null;
}

/** DDMMYYYY → YYYY-MM-DD when it names a real calendar day. */
function parseVintageDate(value: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  if (!match) return null;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${yyyy}-${mm}-${dd}`;
}

function vintageDateError(value: string, field: 'vintageStart' | 'vintageEnd'): SerialFieldError | null {
  if (parseVintageDate(value)) return null;
  const label = SERIAL_FIELD_LABELS[field];
  if (!/^\d{8}$/.test(value)) return { field, message: `${label} "${value}" must be a date written as DDMMYYYY` };
  return { field, message: `${label} "${value}" is not a real calendar date (DDMMYYYY, years 1990–2100)` };
}

/**
 * Parses and validates a Verra serial. Every problem is reported with the field it
 * concerns, so a form can say exactly what is wrong; nothing throws.
 */
export function parseVerraSerial(input: string): SerialParseResult {
  const text = input.trim();
  const parts = text.split('-');
  if (text === '' || (parts.length !== 13 && parts.length !== 12)) {
    return {
      ok: false,
      errors: [
        {
          field: 'format',
          message: `Serial number must have 13 dash-separated fields ({issuance}-{blockStart}-{blockEnd}-VCS-VCU-{code}-{VER|MER}-{country}-{scope}-{projectId}-{DDMMYYYY}-{DDMMYYYY}-{0|1}) or 12 in the legacy form without VCS; found ${text === '' ? 0 : parts.length}`,
        },
      ],
    };
  }
  const form = parts.length === 13 ? 'current' : 'legacy';
  const errors: SerialFieldError[] = [];
  const [issuance, blockStartText, blockEndText] = parts as [string, string, string];
  const rest = form === 'current' ? parts.slice(3) : ['VCS', ...parts.slice(3)];
  const [standard, unitType, programCode, creditType, country, scopeText, projectId, vintageStartText, vintageEndText, flag] = rest as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];

  const issuanceError = positiveNumberError(issuance, 'issuance');
  if (issuanceError) errors.push(issuanceError);

  const startError = positiveNumberError(blockStartText, 'blockStart');
  const endError = positiveNumberError(blockEndText, 'blockEnd');
  if (startError) errors.push(startError);
  if (endError) errors.push(endError);
  const blockStart = startError ? null : BigInt(blockStartText);
  const blockEnd = endError ? null : BigInt(blockEndText);
  if (blockStart !== null && blockStart > MAX_SERIAL_BLOCK)
    errors.push({ field: 'blockStart', message: `Block start ${blockStartText} is larger than the registry allows` });
  if (blockEnd !== null && blockEnd > MAX_SERIAL_BLOCK)
    errors.push({ field: 'blockEnd', message: `Block end ${blockEndText} is larger than the registry allows` });
  if (blockStart !== null && blockEnd !== null && blockEnd < blockStart) {
    errors.push({ field: 'blockEnd', message: `Block end ${blockEndText} is before block start ${blockStartText}` });
  }

  if (form === 'current' && standard !== 'VCS') errors.push({ field: 'standard', message: `Standard must be "VCS", found "${standard}"` });
  if (unitType !== 'VCU') errors.push({ field: 'unitType', message: `Unit type must be "VCU", found "${unitType}"` });
  if (!/^[A-Z0-9.]{1,16}$/.test(programCode)) {
    errors.push({ field: 'programCode', message: `Methodology/program code "${programCode}" must be 1–16 upper-case letters, digits or dots` });
  }
  if (!(CREDIT_TYPES as readonly string[]).includes(creditType)) {
    errors.push({ field: 'creditType', message: `Credit type must be VER or MER, found "${creditType}"` });
  }
  if (!/^[A-Z]{2}$/.test(country)) errors.push({ field: 'country', message: `Country "${country}" must be a two-letter ISO 3166 code in upper case` });
  else if (!ISO_COUNTRY_CODES.has(country)) errors.push({ field: 'country', message: `Country "${country}" is not a known ISO 3166 country code` });

  const scopeError = positiveNumberError(scopeText, 'sectoralScope');
  if (scopeError) errors.push(scopeError);
  else if (Number(scopeText) > 16) errors.push({ field: 'sectoralScope', message: `Sectoral scope ${scopeText} must be between 1 and 16` });

  const projectError = positiveNumberError(projectId, 'projectId');
  if (projectError) errors.push(projectError);
  else if (projectId.length > 9) errors.push({ field: 'projectId', message: `Project id ${projectId} is too long` });

  const vintageStartError = vintageDateError(vintageStartText, 'vintageStart');
  const vintageEndError = vintageDateError(vintageEndText, 'vintageEnd');
  if (vintageStartError) errors.push(vintageStartError);
  if (vintageEndError) errors.push(vintageEndError);
  const vintageStart = parseVintageDate(vintageStartText);
  const vintageEnd = parseVintageDate(vintageEndText);
  if (vintageStart && vintageEnd && vintageEnd < vintageStart) {
    errors.push({ field: 'vintageEnd', message: `Vintage end ${vintageEndText} is before vintage start ${vintageStartText}` });
  }

  if (flag !== '0' && flag !== '1') errors.push({ field: 'additionalCertification', message: `Last field must be 0 or 1, found "${flag}"` });

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    serial: {
      form,
      issuance,
      blockStart: blockStart!,
      blockEnd: blockEnd!,
      programCode,
      creditType: creditType as CreditType,
      country,
      sectoralScope: Number(scopeText),
      projectId,
      vintageStart: vintageStart!,
      vintageEnd: vintageEnd!,
      additionalCertification: flag === '1',
    },
  };
}

function toDdmmyyyy(isoDate: string): string {
  const [yyyy, mm, dd] = isoDate.split('-') as [string, string, string];
  return `${dd}${mm}${yyyy}`;
}

/** Writes a serial back in its own form (current or legacy). */
export function formatVerraSerial(serial: VerraSerial): string {
  return [
    serial.issuance,
    serial.blockStart.toString(),
    serial.blockEnd.toString(),
    ...(serial.form === 'current' ? ['VCS'] : []),
    'VCU',
    serial.programCode,
    serial.creditType,
    serial.country,
    String(serial.sectoralScope),
    serial.projectId,
    toDdmmyyyy(serial.vintageStart),
    toDdmmyyyy(serial.vintageEnd),
    serial.additionalCertification ? '1' : '0',
  ].join('-');
}

export function serialUnits(serial: Pick<VerraSerial, 'blockStart' | 'blockEnd'>): bigint {
  return serial.blockEnd - serial.blockStart + 1n;
}

/** The serial of a sub-range of a block: every field but the block numbers is inherited. */
export function serialForRange(serial: VerraSerial, blockStart: bigint, blockEnd: bigint): VerraSerial {
  if (blockStart < serial.blockStart || blockEnd > serial.blockEnd || blockEnd < blockStart) {
    throw new RangeError(`range ${blockStart}-${blockEnd} is not inside block ${serial.blockStart}-${serial.blockEnd}`);
  }
  return { ...serial, blockStart, blockEnd };
}

/** Whether two serials belong to the same issuance (everything but the block numbers and the written form agrees). */
export function sameIssuance(a: VerraSerial, b: VerraSerial): boolean {
  return (
    a.issuance === b.issuance &&
    a.programCode === b.programCode &&
    a.creditType === b.creditType &&
    a.country === b.country &&
    a.sectoralScope === b.sectoralScope &&
    a.projectId === b.projectId &&
    a.vintageStart === b.vintageStart &&
    a.vintageEnd === b.vintageEnd &&
    a.additionalCertification === b.additionalCertification
  );
}

/** A Verra serial number field: the zod issues carry the parser's field-level messages. */
export const verraSerialField = z
  .string()
  .max(200)
  .superRefine((value, context) => {
    const parsed = parseVerraSerial(value);
    if (!parsed.ok) for (const error of parsed.errors) context.addIssue({ code: 'custom', message: error.message });
  })
  .meta({
    description: 'Verra VCU serial number: the 13-field current form or the 12-field legacy form without VCS',
    examples: ['16044-690100001-690105000-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0'],
  });

/** Registries the platform talks to: the Verra API, or the sandbox registry in the database (embedded mode). */
export const registryIdSchema = z.enum(['verra', 'sandbox']);
export type RegistryId = z.infer<typeof registryIdSchema>;

export const REGISTRY_NAMES: Record<RegistryId, string> = { verra: 'Verra', sandbox: 'Verra sandbox' };

/** A whole, non-negative amount that may exceed 2^53, carried as a decimal string over JSON. */
export const bigintString = z.string().regex(/^(0|[1-9][0-9]*)$/, 'must be a whole number');

/** Status of an issued block as the registry sees it. */
export const registryBlockStatusSchema = z.enum(['issued', 'locked', 'retired']);
export type RegistryBlockStatus = z.infer<typeof registryBlockStatusSchema>;

export const registryVcuBlockSchema = z.object({
  serialNumber: z.string(),
  projectId: z.string(),
  blockStart: bigintString,
  blockEnd: bigintString,
  units: bigintString,
  vintageStart: z.string(),
  vintageEnd: z.string(),
  status: registryBlockStatusSchema,
  issuanceDate: z.string(),
  verifier: z.string(),
});
export type RegistryVcuBlock = z.infer<typeof registryVcuBlockSchema>;

/*
 * Registry integration (docs/product.md §2 /registry): the configured registries, the sync of
 * the company's holdings against them, serial lookup and the import of a Verra CSV export.
 */

/** The columns of the Verra registry search page's CSV export, in its order. */
export const VERRA_CSV_COLUMNS = [
  'Issuance Date',
  'Sustainable Development Goals',
  'Vintage Start',
  'Vintage End',
  'ID',
  'Name',
  'Country/Area',
  'Project Type',
  'Methodology',
  'Total Vintage Quantity',
  'Quantity Issued',
  'Serial Number',
  'Additional Certifications',
  'Retirement/Cancellation Date',
  'Retirement Beneficiary',
  'Retirement Reason',
  'Retirement Details',
] as const;
export type VerraCsvColumn = (typeof VERRA_CSV_COLUMNS)[number];

/** Largest registry CSV accepted (bytes), like the other uploads' limits (docs/product.md §9). */
export const REGISTRY_CSV_MAX_BYTES = 2 * 1024 * 1024;
/** Most data rows in one file: an import runs in one request and one transaction. */
export const REGISTRY_CSV_MAX_ROWS = 2000;

export const registryIntegrationTexts = {
  csvImported: 'Registry CSV imported',
  csvMissingFile: 'Choose a Verra registry CSV export to import',
  csvTooLarge: 'The file is larger than 2 MB',
  csvUnsupported: 'The file must be a CSV export of the Verra registry (UTF-8 text)',
  csvNotText: 'The file is not UTF-8 text: it contains binary content or NUL bytes',
  csvHeader: 'The first line must name the columns of a Verra registry export',
  csvEmpty: 'The file has no rows to import',
  csvTooManyRows: `The file has more than ${REGISTRY_CSV_MAX_ROWS} rows; split it into smaller files`,
  csvUnreadable: 'The file is not valid CSV',
  syncStarted: 'Registry sync started',
  importNotFound: 'Registry import not found',
  syncNotFound: 'Registry sync not found',
} as const;

/** Why one CSV line was not imported; the web translates the code, the text names the detail. */
export const REGISTRY_IMPORT_ROW_PROBLEMS = [
  'missing_field',
  'invalid_serial',
  'project_mismatch',
  'invalid_quantity',
  'quantity_mismatch',
  'invalid_date',
  'vintage_mismatch',
  'field_too_long',
  'column_count',
  'overlap',
  'registry_refused',
  'project_not_found',
] as const;
export const registryImportRowProblemSchema = z.enum(REGISTRY_IMPORT_ROW_PROBLEMS);
export type RegistryImportRowProblem = z.infer<typeof registryImportRowProblemSchema>;

/** imported: a new available block; retired: recorded as already retired; unchanged: held from an earlier import; invalid: refused. */
export const registryImportOutcomeSchema = z.enum(['imported', 'retired', 'unchanged', 'invalid']);
export type RegistryImportOutcome = z.infer<typeof registryImportOutcomeSchema>;

export const registryImportRowSchema = z.object({
  /** Line of the file (the header is line 1). */
  line: z.number().int().min(2),
  outcome: registryImportOutcomeSchema,
  serialNumber: z.string().nullable(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  units: bigintString.nullable(),
  problem: registryImportRowProblemSchema.nullable(),
  reason: z.string().nullable(),
  vcuBlockId: z.uuid().nullable(),
});
export type RegistryImportRow = z.infer<typeof registryImportRowSchema>;

export const registryImportCountsSchema = z.object({
  rows: z.number().int(),
  imported: z.number().int(),
  retired: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  projectsCreated: z.number().int(),
  /** Units of the imported (available) rows. */
  importedUnits: bigintString,
});
export type RegistryImportCounts = z.infer<typeof registryImportCountsSchema>;

export const registryImportSummarySchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  registry: registryIdSchema,
  fileName: z.string().nullable(),
  /** SHA-256 of the file's bytes, hex. */
  sha256: z.string(),
  counts: registryImportCountsSchema,
  importedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type RegistryImportSummary = z.infer<typeof registryImportSummarySchema>;

export const registryImportSchema = registryImportSummarySchema.extend({ rows: z.array(registryImportRowSchema) });
export type RegistryImport = z.infer<typeof registryImportSchema>;

/** Whose holdings an import or sync is for: administrators name a company, everyone else acts for their own. */
export const registryCompanyQuery = z.object({ companyId: z.uuid().optional() });
export type RegistryCompanyQuery = z.infer<typeof registryCompanyQuery>;

export const registryImportIdParams = z.object({ id: z.uuid() });

export const registrySyncStatusSchema = z.enum(['running', 'completed', 'failed']);
export type RegistrySyncStatus = z.infer<typeof registrySyncStatusSchema>;

/** One holding whose registry state differs from ours: we hold it, the registry says otherwise. */
export const registrySyncMismatchSchema = z.object({
  serialNumber: z.string(),
  holdingStatus: z.string(),
  registryStatus: z.enum(['issued', 'locked', 'retired', 'missing']),
});

export const registrySyncRunSchema = z.object({
  id: z.uuid(),
  registry: registryIdSchema,
  companyId: z.uuid().nullable(),
  status: registrySyncStatusSchema,
  /** Holdings to check, holdings checked so far. */
  total: z.number().int(),
  processed: z.number().int(),
  mismatches: z.array(registrySyncMismatchSchema),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RegistrySyncRun = z.infer<typeof registrySyncRunSchema>;

export const registryConnectionStatusSchema = z.enum(['connected', 'unreachable', 'not_configured']);
export type RegistryConnectionStatus = z.infer<typeof registryConnectionStatusSchema>;

export const registryConnectionSchema = z.object({
  id: registryIdSchema,
  name: z.string(),
  /** The sandbox lives in the platform's database; the Verra-format registry is a remote API. */
  kind: z.enum(['sandbox', 'api']),
  /** The registry projects, minting and retirements work against now. */
  active: z.boolean(),
  endpoint: z.string().nullable(),
  status: registryConnectionStatusSchema,
  checkedAt: z.string(),
  lastSync: registrySyncRunSchema.nullable(),
});
export type RegistryConnection = z.infer<typeof registryConnectionSchema>;

/** Units of the company's (or, for administrators, the tenant's) holdings by state. */
export const registryHoldingsSchema = z.object({
  blocks: z.number().int(),
  available: bigintString,
  reserved: bigintString,
  tokenised: bigintString,
  retired: bigintString,
});

export const registryOverviewSchema = z.object({
  registries: z.array(registryConnectionSchema),
  holdings: registryHoldingsSchema,
});
export type RegistryOverview = z.infer<typeof registryOverviewSchema>;

export const registryLookupQuery = z.object({ serialNumber: verraSerialField });

export const registryLookupSchema = z.object({
  serialNumber: z.string(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  units: bigintString,
  vintageStart: z.string(),
  vintageEnd: z.string(),
  country: z.string(),
  /** The registry's blocks overlapping the range, in serial order. */
  registryBlocks: z.array(registryVcuBlockSchema),
  /** This tenant's holdings overlapping the range; another company's show without id or mint. */
  holdings: z.array(
    z.object({
      id: z.uuid().nullable(),
      serialNumber: z.string(),
      status: z.enum(['available', 'reserved', 'tokenised', 'retired']),
      ownCompany: z.boolean(),
      mintAddress: z.string().nullable(),
      retiredOn: z.string().nullable(),
    }),
  ),
});
export type RegistryLookup = z.infer<typeof registryLookupSchema>;

/** registry_sync_update: a sync run's progress, to the company's members and the tenant's administrators. */
export const registrySyncUpdatePayload = registrySyncRunSchema;
