import { retirementTexts } from '@carbonledger/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import enSignedIn from '../../locales/en/signed-in.json';
import en from '../../locales/en/translation.json';
import ptSignedIn from '../../locales/pt/signed-in.json';
import pt from '../../locales/pt/translation.json';
import { retirementFailureText, retirementMessageKeys, translateRetirementMessage } from './retirement-messages';

async function translator(language: 'en' | 'pt') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { en: { translation: { ...en, ...enSignedIn } }, pt: { translation: { ...pt, ...ptSignedIn } } } });
  return instance.t;
}

describe('retirement messages', () => {
  it('show every contract text word for word in English and translated in Portuguese', async () => {
    const [tEn, tPt] = await Promise.all([translator('en'), translator('pt')]);
    for (const [key, text] of Object.entries(retirementTexts).filter(([name]) => name !== 'kycLink')) {
      expect(translateRetirementMessage(tEn, text), key).toBe(text);
      expect(translateRetirementMessage(tPt, text), key).not.toBe(text);
    }
    expect(retirementMessageKeys()).toHaveLength(Object.keys(retirementTexts).length - 1);
    expect(translateRetirementMessage(tEn, retirementTexts.loadFailed)).toBe('Failed to load retirement data');
  });

  it("show the server's reason for a refusal, the action's own text for a server or network failure", async () => {
    const t = await translator('pt');
    expect(retirementFailureText(t, new ApiError(retirementTexts.insufficientTokens, 422), retirementTexts.failed)).toBe(
      'Saldo de tokens insuficiente para esta aposentadoria.',
    );
    expect(retirementFailureText(t, new ApiError('Internal server error. Please try again later.', 500), retirementTexts.failed)).toBe(
      'A aposentadoria falhou.',
    );
  });
});
