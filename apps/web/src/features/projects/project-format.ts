import type { Language } from '@carbonledger/contracts';

const LOCALES: Record<Language, string> = { en: 'en', pt: 'pt-BR', es: 'es' };

/** The country's name in the reader's language ("Brazil", "Brasil"), or the code if the browser has no name for it. */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([LOCALES[language]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Share of `part` in `whole` as a whole percentage (0 when there is nothing). */
export function percentOf(part: string, whole: string): number {
  const total = BigInt(whole);
  if (total === 0n) return 0;
  return Number((BigInt(part) * 100n) / total);
}
