import type { Language } from '@carbonledger/contracts';

const LOCALES: Record<Language, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

/** An ISO date (YYYY-MM-DD) as the chart's time axis reads it: midnight UTC. */
export const dateValue = (date: string) => new Date(`${date}T00:00:00Z`);

export function formatDay(value: Date | string, language: Language): string {
  const date = typeof value === 'string' ? dateValue(value) : value;
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A price of the NZU series with two decimals (the unit is said beside it). */
export function formatPrice(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

export function formatSigned(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value);
}

export function formatPercent(share: number, language: Language, digits = 1): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: digits }).format(share);
}
