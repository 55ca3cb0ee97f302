import { fileTexts, mintingTexts, registryTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { ApiError, clientErrorTexts } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/messages';

/** Contract and server texts of minting, files and projects (English, docs/product.md §8) → their translation keys. */
const KEYS_BY_TEXT = new Map<string, string>([
  ...Object.entries(mintingTexts).map(([key, text]) => [text, `mintWizard.texts.${key}`] as const),
  ...Object.entries(fileTexts).map(([key, text]) => [text, `mintWizard.fileTexts.${key}`] as const),
  [registryTexts.projectNotFound, 'mintWizard.texts.projectNotFound'],
  [registryTexts.loadProjectsFailed, 'mintWizard.texts.loadProjectsFailed'],
]);

export function mintMessageKeys(): string[] {
  return [...KEYS_BY_TEXT.values()];
}

/** "… At most 1000 tCO2e are available." as the server words a quantity above the cap. */
const AT_MOST = /At most (\d+) tCO2e are available/;

/** Whether the text is one this feature translates (the form falls back to a per-field hint otherwise). */
export function isKnownMintMessage(text: string): boolean {
  return KEYS_BY_TEXT.has(text) || AT_MOST.test(text);
}

export function translateMintMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  if (key) return t(key);
  const atMost = AT_MOST.exec(text);
  if (atMost) return `${t('mintWizard.texts.quantityUnavailable')} ${t('mintWizard.configure.atMost', { max: atMost[1] })}`;
  return translateMessage(t, text);
}

/** The server's reason for a refused request when it gave one (4xx), otherwise the docs/product.md §8 text of the step. */
export function mintFailureText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message === clientErrorTexts.emptyResponse && fallback === mintingTexts.mintingFailed)
    return t('mintWizard.texts.mintingFailedNoResponse');
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) return translateMintMessage(t, error.message);
  return translateMintMessage(t, fallback);
}
