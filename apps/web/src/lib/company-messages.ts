import { companyTexts, tenantTexts } from '@carbonledger/contracts';
import type { TFunction } from 'i18next';
import { translateMessage } from './messages';

/** Contract and server texts of companies and tenants (English) → their translation keys in the signed-in texts. */
const KEYS_BY_TEXT = new Map<string, string>([
  ...Object.entries(companyTexts).map(([key, text]) => [text, `companyTexts.${key}`] as const),
  ...Object.entries(tenantTexts).map(([key, text]) => [text, `tenantTexts.${key}`] as const),
]);

export function companyMessageKeys(): string[] {
  return [...KEYS_BY_TEXT.values()];
}

/** A company or tenant text in the user's language; any other known text through translateMessage. */
export function translateCompanyMessage(t: TFunction, text: string): string {
  const key = KEYS_BY_TEXT.get(text);
  return key ? t(key) : translateMessage(t, text);
}
