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

/**
 * An exact decimal amount (the API's "1234.50") in its own currency, in the reader's locale. The
 * string goes to Intl as it is: Intl formats decimal strings exactly, never through a float.
 */
export function formatMoney(amount: string, currency: string, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(amount as Intl.StringNumericLiteral);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in bytes with the largest unit that keeps it at or above 1 (1024-based), in the reader's locale. */
export function formatBytes(bytes: number, language: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
