import { parse } from 'csv-parse/sync';
import {
  FILE_FIELD,
  PROJECT_TYPES,
  REGISTRY_CSV_MAX_ROWS,
  VERRA_CSV_COLUMNS,
  parseVerraSerial,
  registryIntegrationTexts,
  serialUnits,
  type ProjectType,
  type RegistryImportRowProblem,
  type VerraCsvColumn,
  type VerraSerial,
} from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';

/** One line of a Verra registry export, read and checked; what the import records. */
export interface VerraCsvEntry {
  serial: VerraSerial;
  units: bigint;
  projectName: string;
  countryArea: string;
  projectType: ProjectType;
  projectTypeText: string;
  methodology: string;
  sustainableDevelopmentGoals: string[];
  issuanceDate: string;
  retirement: { date: string; beneficiary: string; reason: string; details: string } | null;
}

export type VerraCsvLine =
  | { line: number; ok: true; entry: VerraCsvEntry }
  | { line: number; ok: false; problem: RegistryImportRowProblem; reason: string; serialNumber: string | null };

const FIELD_MAX = { Name: 200, 'Country/Area': 100, 'Project Type': 200, Methodology: 100, 'Retirement Details': 2000 } as const;
const OTHER_FIELD_MAX = 500;

/** The bytes must be UTF-8 text: NUL bytes or invalid sequences mean a binary file, refused before parsing. */
function textOf(bytes: Buffer): string {
  const refuse = () =>
    new AppError('REGISTRY__CSV_UNSUPPORTED', registryIntegrationTexts.csvNotText, { fields: { [FILE_FIELD]: [registryIntegrationTexts.csvNotText] } });
  if (bytes.includes(0)) throw refuse();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse();
  }
}

function invalidFile(text: string): AppError {
  return new AppError('REGISTRY__CSV_INVALID', text, { fields: { [FILE_FIELD]: [text] } });
}

/** "1,234" or "1234" → 1234n; Verra writes thousands with commas. */
export function parseQuantity(text: string): bigint | null {
  const compact = text.trim();
  if (!/^(\d{1,3}(,\d{3})+|\d+)$/.test(compact)) return null;
  const value = BigInt(compact.replaceAll(',', ''));
  return value > 0n ? value : null;
}

function realDate(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Dates as the export writes them (DD/MM/YYYY), or ISO (YYYY-MM-DD); the day must exist. */
export function parseCsvDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const european = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (european) return realDate(Number(european[3]), Number(european[2]), Number(european[1]));
  return null;
}

/** Verra's sector names onto the platform's project types. */
export function projectTypeOf(text: string): ProjectType {
  const value = text.toLowerCase();
  const rules: [RegExp, ProjectType][] = [
    [/wind/, 'wind'],
    [/mangrove|wetland|blue carbon|seagrass|tidal/, 'blue_carbon'],
    [/cookstove|stove|energy demand/, 'cookstoves'],
    [/methane|landfill|waste|manure|livestock|biogas/, 'methane_capture'],
    [/forest|afolu|land use|redd|agricultur/, 'forestry'],
  ];
  return rules.find(([pattern]) => pattern.test(value))?.[1] ?? PROJECT_TYPES[0];
}

class LineProblem extends Error {
  constructor(
    readonly problem: RegistryImportRowProblem,
    message: string,
  ) {
    super(message);
  }
}

function entryOf(cells: Record<VerraCsvColumn, string>): VerraCsvEntry {
  const required = (column: VerraCsvColumn) => {
    const value = cells[column];
    if (value === '') throw new LineProblem('missing_field', `${column} is empty`);
    return value;
  };
  for (const column of VERRA_CSV_COLUMNS) {
    const max = (FIELD_MAX as Partial<Record<VerraCsvColumn, number>>)[column] ?? OTHER_FIELD_MAX;
    if (cells[column].length > max) throw new LineProblem('field_too_long', `${column} is longer than ${max} characters`);
  }

  const parsed = parseVerraSerial(required('Serial Number'));
  if (!parsed.ok) throw new LineProblem('invalid_serial', parsed.errors.map((error) => error.message).join('; '));
  const serial = parsed.serial;

  const projectId = required('ID').replace(/^(VCS|VERRA)[\s#-]*/i, '');
  if (projectId !== serial.projectId) throw new LineProblem('project_mismatch', `ID ${cells.ID} is not the project ${serial.projectId} of the serial number`);

  const units = parseQuantity(required('Quantity Issued'));
  if (units === null) throw new LineProblem('invalid_quantity', `Quantity Issued "${cells['Quantity Issued']}" is not a positive whole number`);
  if (units !== serialUnits(serial))
    throw new LineProblem('quantity_mismatch', `Quantity Issued ${cells['Quantity Issued']} differs from the ${serialUnits(serial)} units of the serial range`);
  if (cells['Total Vintage Quantity'] !== '' && parseQuantity(cells['Total Vintage Quantity']) === null)
    throw new LineProblem('invalid_quantity', `Total Vintage Quantity "${cells['Total Vintage Quantity']}" is not a positive whole number`);

  const date = (column: VerraCsvColumn) => {
    const value = parseCsvDate(required(column));
    if (!value) throw new LineProblem('invalid_date', `${column} "${cells[column]}" is not a date (DD/MM/YYYY or YYYY-MM-DD)`);
    return value;
  };
  const issuanceDate = date('Issuance Date');
  const vintageStart = date('Vintage Start');
  const vintageEnd = date('Vintage End');
  if (vintageStart !== serial.vintageStart || vintageEnd !== serial.vintageEnd)
    throw new LineProblem(
      'vintage_mismatch',
      `Vintage ${vintageStart}–${vintageEnd} differs from the serial number's ${serial.vintageStart}–${serial.vintageEnd}`,
    );
  const retiredOn = cells['Retirement/Cancellation Date'] === '' ? null : date('Retirement/Cancellation Date');

  const projectTypeText = cells['Project Type'];
  return {
    serial,
    units,
    projectName: required('Name'),
    countryArea: cells['Country/Area'] || serial.country,
    projectType: projectTypeOf(projectTypeText),
    projectTypeText,
    methodology: cells.Methodology || serial.programCode,
    sustainableDevelopmentGoals: cells['Sustainable Development Goals']
      .split(/[;,]/)
      .map((goal) => goal.trim())
      .filter(Boolean),
    issuanceDate,
    retirement: retiredOn
      ? {
          date: retiredOn,
          beneficiary: cells['Retirement Beneficiary'],
          reason: cells['Retirement Reason'],
          details: cells['Retirement Details'],
        }
      : null,
  };
}

/** Control characters other than tab are no part of a registry text; they are taken out of every cell. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Reads a Verra registry CSV export (docs/product.md §2 /registry) with a real CSV parser:
 * quoted fields with commas or line breaks, a byte-order mark, any script in the names. The
 * header must hold exactly VERRA_CSV_COLUMNS (in any order); each data line is checked on its
 * own and answered with its line number, so one bad line never hides the others.
 */
export function readVerraCsv(bytes: Buffer): VerraCsvLine[] {
  const text = textOf(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With info: true every record comes with where it ended; csv-parse's types do not follow that option.
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      trim: true,
      max_record_size: 64 * 1024,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw invalidFile(line ? `${registryIntegrationTexts.csvUnreadable} (line ${line})` : registryIntegrationTexts.csvUnreadable);
  }
  const [header, ...rows] = records;
  const names = header?.record.map((name) => name.trim()) ?? [];
  const missing = VERRA_CSV_COLUMNS.filter((column) => !names.includes(column));
  if (!header || missing.length > 0) throw invalidFile(`${registryIntegrationTexts.csvHeader}: missing ${missing.join(', ')}`);
  if (rows.length === 0) throw invalidFile(registryIntegrationTexts.csvEmpty);
  if (rows.length > REGISTRY_CSV_MAX_ROWS) throw invalidFile(registryIntegrationTexts.csvTooManyRows);
  const position = new Map(VERRA_CSV_COLUMNS.map((column) => [column, names.indexOf(column)]));

  return rows.map(({ record, info }) => {
    const line = info.lines;
    const serialNumber = record[position.get('Serial Number')!]?.trim() || null;
    if (record.length !== names.length) {
      return { line, ok: false, problem: 'column_count', reason: `Line has ${record.length} fields; the header names ${names.length}`, serialNumber };
    }
    const cells = Object.fromEntries(VERRA_CSV_COLUMNS.map((column) => [column, record[position.get(column)!]!.replace(CONTROL, '').trim()])) as Record<
      VerraCsvColumn,
      string
    >;
    try {
      return { line, ok: true, entry: entryOf(cells) };
    } catch (error) {
      if (error instanceof LineProblem) return { line, ok: false, problem: error.problem, reason: error.message, serialNumber };
      throw error;
    }
  });
}
