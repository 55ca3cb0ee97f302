import { parseVerraSerial } from '@carbonledger/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enSignedIn from '../../locales/en/signed-in.json';
import esSignedIn from '../../locales/es/signed-in.json';
import ptSignedIn from '../../locales/pt/signed-in.json';
import { translateSerialMessage } from './serial-messages';

const BASE = '16044-690100001-690105000-VCS-VCU-262-VER-US-1-3107-01012023-31122023-0'.split('-');
const withField = (index: number, value: string) => BASE.map((field, at) => (at === index ? value : field)).join('-');

/** Bad serials between them giving every message form of the contract's parser. */
const BAD_SERIALS = [
  '16044-690100001',
  withField(1, '69010000x'),
  withField(0, '016044'),
  withField(1, '99999999999999999999'),
  withField(3, 'VSC'),
  withField(4, 'VCX'),
  withField(5, 'vm0007'),
  withField(6, 'XER'),
  withField(7, 'us'),
  withField(7, 'XQ'),
  withField(8, '17'),
  withField(9, '1234567890'),
  withField(10, '0101202'),
  withField(10, '32012023'),
  withField(10, '01012024'),
  withField(12, '2'),
  // The legacy 12-field form has the same messages.
  BASE.filter((_field, at) => at !== 3)
    .join('-')
    .replace('-US-', '-ZZ-'),
];

const messages = [
  ...new Set(
    BAD_SERIALS.flatMap((serial) => {
      const parsed = parseVerraSerial(serial);
      return parsed.ok ? [] : parsed.errors.map((error) => error.message);
    }),
  ),
];

async function translator(language: 'en' | 'pt' | 'es') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { en: { translation: enSignedIn }, pt: { translation: ptSignedIn }, es: { translation: esSignedIn } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('serial messages', () => {
  it('are word for word the contract texts in English and translated in Portuguese and Spanish', async () => {
    expect(messages.length).toBeGreaterThanOrEqual(17);
    const [en, pt, es] = await Promise.all([translator('en'), translator('pt'), translator('es')]);
    for (const message of messages) {
      expect(translateSerialMessage(en, message)).toBe(message);
      expect(translateSerialMessage(pt, message), message).not.toBe(message);
      expect(translateSerialMessage(es, message), message).not.toBe(message);
    }
    expect(translateSerialMessage(pt, 'Block end 690100001 is before block start 690105000')).toBe(
      'O fim do bloco 690100001 é anterior ao início do bloco 690105000',
    );
    expect(translateSerialMessage(es, 'Vintage start "32012023" is not a real calendar date (DDMMYYYY, years 1990–2100)')).toBe(
      'Inicio de la añada "32012023" no es una fecha de calendario válida (DDMMAAAA, años 1990–2100)',
    );
  });

  it('leaves a message of another form as the server wrote it', async () => {
    expect(translateSerialMessage(await translator('pt'), 'Something new')).toBe('Something new');
  });
});
