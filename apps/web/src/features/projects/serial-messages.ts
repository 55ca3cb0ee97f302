import { SERIAL_FIELD_LABELS, type SerialField } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';

type Values = Record<string, string>;

const FIELD_BY_LABEL = new Map(Object.entries(SERIAL_FIELD_LABELS).map(([field, label]) => [label, field as SerialField]));
const LABEL = `(${[...FIELD_BY_LABEL.keys()].map((label) => label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})`;

/**
 * The serial parser's message forms (packages/contracts/src/registry.ts, English) → their
 * translation keys under projects.import.serialErrors; the values the message quotes fill the
 * translated text. A message of another form is shown as the contract wrote it.
 */
const FORMS: [RegExp, string, (match: string[]) => Values][] = [
  [/^Serial number must have 13 dash-separated fields .* found (\d+)$/, 'format', ([, found]) => ({ found: found! })],
  [new RegExp(`^${LABEL} "(.*)" must be a whole number$`), 'wholeNumber', ([, field, value]) => ({ field: field!, value: value! })],
  [new RegExp(`^${LABEL} "(.*)" must be a positive number without leading zeros$`), 'leadingZeros', ([, field, value]) => ({ field: field!, value: value! })],
  [/^(Block start|Block end) (\d+) is larger than the registry allows$/, 'tooLarge', ([, field, value]) => ({ field: field!, value: value! })],
  [/^Block end (\d+) is before block start (\d+)$/, 'endBeforeStart', ([, end, start]) => ({ end: end!, start: start! })],
  [/^Standard must be "VCS", found "(.*)"$/, 'standard', ([, value]) => ({ value: value! })],
  [/^Unit type must be "VCU", found "(.*)"$/, 'unitType', ([, value]) => ({ value: value! })],
  [/^Methodology\/program code "(.*)" must be 1–16 upper-case letters, digits or dots$/, 'programCode', ([, value]) => ({ value: value! })],
  [/^Credit type must be VER or MER, found "(.*)"$/, 'creditType', ([, value]) => ({ value: value! })],
  [/^Country "(.*)" must be a two-letter ISO 3166 code in upper case$/, 'countryFormat', ([, value]) => ({ value: value! })],
  [/^Country "(.*)" is not a known ISO 3166 country code$/, 'countryUnknown', ([, value]) => ({ value: value! })],
  [/^Sectoral scope (\d+) must be between 1 and 16$/, 'sectoralScope', ([, value]) => ({ value: value! })],
  [/^Project id (\d+) is too long$/, 'projectIdLength', ([, value]) => ({ value: value! })],
  [new RegExp(`^${LABEL} "(.*)" must be a date written as DDMMYYYY$`), 'dateFormat', ([, field, value]) => ({ field: field!, value: value! })],
  [
    new RegExp(`^${LABEL} "(.*)" is not a real calendar date \\(DDMMYYYY, years 1990–2100\\)$`),
    'dateInvalid',
    ([, field, value]) => ({ field: field!, value: value! }),
  ],
  [/^Vintage end (\d+) is before vintage start (\d+)$/, 'vintageOrder', ([, end, start]) => ({ end: end!, start: start! })],
  [/^Last field must be 0 or 1, found "(.*)"$/, 'additionalCertification', ([, value]) => ({ value: value! })],
];

/** A serial error of the contract (from the client's parser or the server's field errors) in the user's language. */
export function translateSerialMessage(t: TFunction, message: string): string {
  for (const [form, key, valuesOf] of FORMS) {
    const match = form.exec(message);
    if (!match) continue;
    const values = valuesOf([...match]);
    const field = values.field === undefined ? undefined : FIELD_BY_LABEL.get(values.field);
    return t(`projects.import.serialErrors.${key}`, { ...values, ...(field ? { field: t(`projects.import.serialFields.${field}`) } : {}) });
  }
  return message;
}
