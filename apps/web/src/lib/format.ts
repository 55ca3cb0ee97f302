import type { Language } from '@carbonledger/contracts';

const LOCALES: Record<Language, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };
const CURRENCIES: Record<Language, string> = { en: 'USD', pt: 'BRL', es: 'EUR' };

/** docs/product.md §9: dollar sign for English, R$ for Portuguese, the Spanish locale's own format otherwise. */
export function formatCurrency(amount: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: CURRENCIES[language] }).format(amount);
}

export function formatNumber(value: number | bigint, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(value);
}

/** The country's name in the reader's language ("Brazil", "Brasil"), or the code if the browser has no name for it. */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([LOCALES[language]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A retirement's location: the country by name, with the ISO 3166-2 subdivision code when one was given ("Brazil · BR-SP"). */
export function formatRetirementLocation(country: string, subdivision: string | null, language: Language): string {
  const name = countryName(country, language);
  return subdivision ? `${name} · ${subdivision}` : name;
}

export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}
