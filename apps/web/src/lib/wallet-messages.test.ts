import { signingTexts, walletTexts } from '@carbonledger/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enSignedIn from '../locales/en/signed-in.json';
import en from '../locales/en/translation.json';
import esSignedIn from '../locales/es/signed-in.json';
import es from '../locales/es/translation.json';
import ptSignedIn from '../locales/pt/signed-in.json';
import pt from '../locales/pt/translation.json';
import { ApiError } from './api-client';
import { failureText, translateWalletMessage, walletMessageKeys } from './wallet-messages';

async function translator(language: 'en' | 'pt' | 'es') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { en: { translation: { ...en, ...enSignedIn } }, pt: { translation: { ...pt, ...ptSignedIn } }, es: { translation: { ...es, ...esSignedIn } } },
  });
  return instance.t;
}

describe('wallet and signing messages', () => {
  it('has every docs/product.md §8 wallet and signing text in the three languages', async () => {
    for (const language of ['en', 'pt', 'es'] as const) {
      const t = await translator(language);
      for (const key of walletMessageKeys()) expect(t(key), `${language} ${key}`).not.toBe(key);
    }
  });

  it('keeps the English texts word for word and translates them for the other languages', async () => {
    const enT = await translator('en');
    expect(translateWalletMessage(enT, walletTexts.previouslyRejected)).toBe(walletTexts.previouslyRejected);
    expect(translateWalletMessage(enT, signingTexts.mustSignBeforeSubmit)).toBe(signingTexts.mustSignBeforeSubmit);
    const ptT = await translator('pt');
    expect(translateWalletMessage(ptT, walletTexts.notConnected)).toBe('Carteira não conectada ou usuário não autenticado.');
  });

  it("shows the server's reason for a refused request, and the action's failure text otherwise", async () => {
    const t = await translator('en');
    expect(failureText(t, new ApiError(walletTexts.previouslyRejected, 409, 'CONFLICT'), walletTexts.registerFailed)).toBe(walletTexts.previouslyRejected);
    expect(failureText(t, new ApiError('Network error - please check your connection', 0, 'NETWORK_ERROR'), walletTexts.registerFailed)).toBe(
      walletTexts.registerFailed,
    );
    expect(failureText(t, new Error('User rejected the request'), walletTexts.registerFailed)).toBe(walletTexts.registerFailed);
    expect(failureText(t, new ApiError('Internal Server Error', 500), walletTexts.removeFailed)).toBe(walletTexts.removeFailed);
  });
});

describe('wallet texts from a failing chain', () => {
  it("shows the server's wallet text even when it comes with a 503", async () => {
    const t = await translator('es');
    expect(failureText(t, new ApiError(walletTexts.freezeFailed, 503, 'CHAIN_UNAVAILABLE'), walletTexts.removeFailed)).toBe(
      'El estado de la billetera cambió, pero sus cuentas de token no se pudieron congelar en la cadena. Inténtelo de nuevo.',
    );
  });
});
