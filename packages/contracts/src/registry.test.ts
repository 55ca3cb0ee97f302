import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ISO_COUNTRY_CODES,
  MAX_SERIAL_BLOCK,
  formatVerraSerial,
  parseVerraSerial,
  sameIssuance,
  serialForRange,
  serialUnits,
  verraSerialField,
  type SerialField,
  type VerraSerial,
} from './registry';

const CURRENT = '9493-108470979-108471978-VCS-VCU-263-VER-BR-14-1529-01012019-31122019-0';
const LEGACY = '1140-52638465-52643464-VCU-016-VER-IN-1-674-01012012-31122012-0';

function errorsOf(serial: string): { field: SerialField; message: string }[] {
  const result = parseVerraSerial(serial);
  if (result.ok) throw new Error(`expected ${serial} to be rejected`);
  return result.errors;
}

function fieldsOf(serial: string): SerialField[] {
  return errorsOf(serial).map((error) => error.field);
}

/** The current example with one dash-separated field replaced. */
function withField(index: number, value: string, base = CURRENT): string {
  const parts = base.split('-');
  parts[index] = value;
  return parts.join('-');
}

describe('parseVerraSerial', () => {
  it('reads every field of the current 13-field form', () => {
    expect(parseVerraSerial(CURRENT)).toEqual({
      ok: true,
      serial: {
        form: 'current',
        issuance: '9493',
        blockStart: 108470979n,
        blockEnd: 108471978n,
        programCode: '263',
        creditType: 'VER',
        country: 'BR',
        sectoralScope: 14,
        projectId: '1529',
        vintageStart: '2019-01-01',
        vintageEnd: '2019-12-31',
        additionalCertification: false,
      },
    });
  });

  it('reads the legacy 12-field form without VCS', () => {
    const result = parseVerraSerial(LEGACY);
    expect(result.ok && result.serial).toMatchObject({
      form: 'legacy',
      issuance: '1140',
      programCode: '016',
      country: 'IN',
      sectoralScope: 1,
      projectId: '674',
      vintageStart: '2012-01-01',
    });
  });

  it('accepts methodology codes such as VM0007, MER credits and the certification flag', () => {
    const result = parseVerraSerial('12001-500000001-500010000-VCS-VCU-VM0007-MER-PE-14-1360-01072020-30062021-1');
    expect(result.ok && result.serial).toMatchObject({ programCode: 'VM0007', creditType: 'MER', additionalCertification: true, vintageEnd: '2021-06-30' });
  });

  it('ignores surrounding whitespace', () => {
    expect(parseVerraSerial(`  ${CURRENT}\n`).ok).toBe(true);
  });

  it('counts units as blockEnd − blockStart + 1, as bigint', () => {
    const result = parseVerraSerial(CURRENT);
    expect(result.ok && serialUnits(result.serial)).toBe(1000n);
    const single = parseVerraSerial(withField(2, '108470979'));
    expect(single.ok && serialUnits(single.serial)).toBe(1n);
    const huge = parseVerraSerial(withField(2, '9223372036854775807', withField(1, '1')));
    expect(huge.ok && serialUnits(huge.serial)).toBe(9223372036854775807n);
  });

  it('rejects a wrong number of fields and says what the form is', () => {
    expect(errorsOf('')[0]).toMatchObject({ field: 'format', message: expect.stringContaining('found 0') });
    expect(errorsOf('9493-108470979-108471978')[0]!.message).toContain('found 3');
    expect(fieldsOf(`${CURRENT}-7`)).toEqual(['format']);
  });

  it.each([
    [1, 'abc', 'blockStart', 'Block start "abc" must be a whole number'],
    [2, '12x', 'blockEnd', 'Block end "12x" must be a whole number'],
    [1, '', 'blockStart', 'Block start "" must be a whole number'],
    [1, '0108470979', 'blockStart', 'Block start "0108470979" must be a positive number without leading zeros'],
    [0, 'A93', 'issuance', 'Issuance number "A93" must be a whole number'],
    [3, 'VCX', 'standard', 'Standard must be "VCS", found "VCX"'],
    [4, 'VCC', 'unitType', 'Unit type must be "VCU", found "VCC"'],
    [5, 'vm0007', 'programCode', null],
    [6, 'CER', 'creditType', 'Credit type must be VER or MER, found "CER"'],
    [7, 'br', 'country', 'Country "br" must be a two-letter ISO 3166 code in upper case'],
    [7, 'ZZ', 'country', 'Country "ZZ" is not a known ISO 3166 country code'],
    [7, 'BRA', 'country', null],
    [8, '0', 'sectoralScope', null],
    [8, '17', 'sectoralScope', 'Sectoral scope 17 must be between 1 and 16'],
    [9, '15290000000', 'projectId', 'Project id 15290000000 is too long'],
    [9, 'P1529', 'projectId', null],
    [10, '32012019', 'vintageStart', 'Vintage start "32012019" is not a real calendar date (DDMMYYYY, years 1990–2100)'],
    [10, '29022019', 'vintageStart', null],
    [10, '2019/01/01', 'vintageStart', 'Vintage start "2019/01/01" must be a date written as DDMMYYYY'],
    [11, '31132019', 'vintageEnd', null],
    [11, '311219', 'vintageEnd', 'Vintage end "311219" must be a date written as DDMMYYYY'],
    [12, '2', 'additionalCertification', 'Last field must be 0 or 1, found "2"'],
  ] as const)('field %i = %j is rejected as %s', (index, value, field, message) => {
    const errors = errorsOf(withField(index, value));
    expect(errors.map((error) => error.field)).toEqual([field]);
    if (message) expect(errors[0]!.message).toBe(message);
  });

  it('accepts 29 February in a leap year', () => {
    expect(parseVerraSerial(withField(10, '29022020', withField(11, '31122020'))).ok).toBe(true);
  });

  it('rejects a block end before its start', () => {
    expect(errorsOf(withField(2, '108470978'))).toEqual([{ field: 'blockEnd', message: 'Block end 108470978 is before block start 108470979' }]);
  });

  it('rejects block numbers larger than a PostgreSQL bigint', () => {
    const errors = errorsOf(withField(2, '9223372036854775808'));
    expect(errors).toEqual([{ field: 'blockEnd', message: 'Block end 9223372036854775808 is larger than the registry allows' }]);
  });

  it('rejects a vintage that ends before it starts', () => {
    expect(errorsOf(withField(11, '31122018'))).toEqual([{ field: 'vintageEnd', message: 'Vintage end 31122018 is before vintage start 01012019' }]);
  });

  it('reports every bad field at once', () => {
    expect(fieldsOf('x-1-0-VCS-VCU-263-XYZ-QQ-99-0-00000000-01012019-5')).toEqual([
      'issuance',
      'blockEnd',
      'creditType',
      'country',
      'sectoralScope',
      'projectId',
      'vintageStart',
      'additionalCertification',
    ]);
  });

  it('checks the legacy form field by field too', () => {
    expect(fieldsOf(withField(3, 'VCS', LEGACY))).toEqual(['unitType']);
    expect(fieldsOf(withField(6, 'XX', LEGACY))).toEqual(['country']);
  });
});

describe('serial sub-ranges', () => {
  const block = (parseVerraSerial(CURRENT) as { ok: true; serial: VerraSerial }).serial;

  it('writes the serial of a sub-range with every other field inherited', () => {
    expect(formatVerraSerial(serialForRange(block, 108470979n, 108471078n))).toBe('9493-108470979-108471078-VCS-VCU-263-VER-BR-14-1529-01012019-31122019-0');
    expect(formatVerraSerial(serialForRange(block, 108471079n, 108471978n))).toBe('9493-108471079-108471978-VCS-VCU-263-VER-BR-14-1529-01012019-31122019-0');
  });

  it('refuses a range outside the block', () => {
    expect(() => serialForRange(block, 108470978n, 108471000n)).toThrow(RangeError);
    expect(() => serialForRange(block, 108471000n, 108471979n)).toThrow(RangeError);
  });

  it('tells whether two serials come from the same issuance', () => {
    const legacyTwin = { ...block, form: 'legacy' as const, blockStart: 1n, blockEnd: 2n };
    expect(sameIssuance(block, legacyTwin)).toBe(true);
    expect(sameIssuance(block, { ...block, vintageEnd: '2019-12-30' })).toBe(false);
  });
});

describe('verraSerialField', () => {
  it('turns every parser problem into an issue with its message', () => {
    const result = verraSerialField.safeParse(withField(7, 'ZZ', withField(2, '1')));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Block end 1 is before block start 108470979',
      'Country "ZZ" is not a known ISO 3166 country code',
    ]);
  });
});

const countries = [...ISO_COUNTRY_CODES];
const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const canonicalNumber = (max: bigint) => fc.bigInt({ min: 1n, max });

const validSerial: fc.Arbitrary<VerraSerial> = fc
  .record({
    form: fc.constantFrom('current' as const, 'legacy' as const),
    issuance: canonicalNumber(10n ** 12n).map(String),
    first: canonicalNumber(MAX_SERIAL_BLOCK),
    second: canonicalNumber(MAX_SERIAL_BLOCK),
    programCode: fc.stringMatching(/^[A-Z0-9.]{1,16}$/),
    creditType: fc.constantFrom('VER' as const, 'MER' as const),
    country: fc.constantFrom(...countries),
    sectoralScope: fc.integer({ min: 1, max: 16 }),
    projectId: fc.integer({ min: 1, max: 999_999_999 }).map(String),
    dateA: isoDate,
    dateB: isoDate,
    additionalCertification: fc.boolean(),
  })
  .map(({ first, second, dateA, dateB, ...rest }) => ({
    ...rest,
    blockStart: first < second ? first : second,
    blockEnd: first < second ? second : first,
    vintageStart: dateA < dateB ? dateA : dateB,
    vintageEnd: dateA < dateB ? dateB : dateA,
  }));

describe('serial properties', () => {
  it('formatting then parsing any valid serial gives it back', () => {
    fc.assert(
      fc.property(validSerial, (serial) => {
        expect(parseVerraSerial(formatVerraSerial(serial))).toEqual({ ok: true, serial });
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary text, and either parses or names a field', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(fc.stringMatching(/^[0-9A-Z]{0,4}$/), { maxLength: 14 }).map((parts) => parts.join('-')),
        ),
        (text) => {
          const result = parseVerraSerial(text);
          if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('rejects any valid serial once a stray letter enters its issuance or block numbers', () => {
    fc.assert(
      fc.property(validSerial, fc.nat(), (serial, seed) => {
        const text = formatVerraSerial(serial);
        const parts = text.split('-');
        const index = seed % 3;
        parts[index] = `${parts[index]}x`;
        const result = parseVerraSerial(parts.join('-'));
        expect(result.ok).toBe(false);
      }),
    );
  });
});
