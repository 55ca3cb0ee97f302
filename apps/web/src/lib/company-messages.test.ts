import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { companyTexts, tenantTexts } from '@carbonledger/contracts';
import enSignedIn from '../locales/en/signed-in.json';
import esSignedIn from '../locales/es/signed-in.json';
import ptSignedIn from '../locales/pt/signed-in.json';
import { companyMessageKeys, translateCompanyMessage } from './company-messages';

async function translator(resources: object) {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'xx', resources: { xx: { translation: resources } } });
  return instance.t;
}

describe('company and tenant texts', () => {
  it('have a translation for every contract text in every language', async () => {
    const [tEn, tPt, tEs] = await Promise.all([translator(enSignedIn), translator(ptSignedIn), translator(esSignedIn)]);
    for (const text of [...Object.values(companyTexts), ...Object.values(tenantTexts)]) {
      expect(translateCompanyMessage(tEn, text)).toBe(text);
      expect(translateCompanyMessage(tPt, text)).not.toBe(text);
      expect(translateCompanyMessage(tEs, text)).not.toBe(text);
    }
    expect(companyMessageKeys()).toHaveLength(Object.keys(companyTexts).length + Object.keys(tenantTexts).length);
  });

  it('leave a text they do not know as it is', async () => {
    expect(translateCompanyMessage(await translator(ptSignedIn), 'Something else')).toBe('Something else');
  });
});
