// @vitest-environment happy-dom
import { fileTexts, mintingTexts } from '@carbonledger/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, clientErrorTexts } from '../../../lib/api-client';
import { initI18n, loadSignedInTexts } from '../../../lib/i18n';
import enSignedIn from '../../../locales/en/signed-in.json';
import { mintFailureText, mintMessageKeys, translateMintMessage } from './mint-messages';

function lookup(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

describe('minting texts in the user language', () => {
  beforeAll(async () => {
    await initI18n();
    await loadSignedInTexts();
  });

  it('has a translation for every docs/product.md §8 minting text and every file-store text', () => {
    for (const key of mintMessageKeys()) expect(lookup(enSignedIn, key), key).toBeTruthy();
    expect(mintMessageKeys()).toHaveLength(Object.keys(mintingTexts).length + Object.keys(fileTexts).length + 2);
  });

  it("keeps the specified wording in English and translates it, with the server's cap, in Portuguese", async () => {
    expect(translateMintMessage(i18next.getFixedT('en'), mintingTexts.cannotExecute)).toBe(
      'Cannot execute minting. Please connect your wallet and review the preview.',
    );
    await i18next.changeLanguage('pt');
    const pt = i18next.getFixedT('pt');
    expect(translateMintMessage(pt, mintingTexts.selectProject)).toBe('Selecione primeiro um projeto.');
    expect(translateMintMessage(pt, `${mintingTexts.quantityUnavailable} At most 1000 tCO2e are available.`)).toBe(
      'A quantidade pedida excede os créditos disponíveis neste projeto. No máximo 1000 tCO2e estão disponíveis.',
    );
    await i18next.changeLanguage('en');
  });

  it("shows the server's reason for a refused request, the step's specified text for a failure, and the no-data text for an empty answer", () => {
    const t = i18next.getFixedT('en');
    expect(mintFailureText(t, new ApiError(mintingTexts.walletNotApproved, 400, 'VALIDATION_ERROR'), mintingTexts.previewFailed)).toBe(
      mintingTexts.walletNotApproved,
    );
    expect(mintFailureText(t, new ApiError('Internal server error. Please try again later.', 500, 'INTERNAL_ERROR'), mintingTexts.previewFailed)).toBe(
      mintingTexts.previewFailed,
    );
    expect(mintFailureText(t, new ApiError(clientErrorTexts.emptyResponse, 0), mintingTexts.mintingFailed)).toBe(mintingTexts.mintingFailedNoResponse);
  });
});
