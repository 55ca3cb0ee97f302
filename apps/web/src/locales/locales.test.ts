import { describe, expect, it } from 'vitest';
import { messageKeys } from '../lib/messages';
import en from './en/translation.json';
import es from './es/translation.json';
import pt from './pt/translation.json';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const locales = { en: flatten(en), pt: flatten(pt), es: flatten(es) };

describe('translations', () => {
  it('have the same keys in English, Portuguese and Spanish', () => {
    const keys = Object.keys(locales.en).sort();
    expect(Object.keys(locales.pt).sort()).toEqual(keys);
    expect(Object.keys(locales.es).sort()).toEqual(keys);
  });

  it('translate every key (no English left in pt or es apart from names and codes)', () => {
    const same = (other: Record<string, string>) =>
      Object.keys(locales.en).filter((key) => other[key] === locales.en[key] && /[a-z]{4,} [a-z]{3,}/i.test(locales.en[key] ?? ''));
    expect(same(locales.pt)).toEqual([]);
    expect(same(locales.es)).toEqual([]);
  });

  it('cover every contract and server text the client translates', () => {
    for (const key of messageKeys()) expect(locales.en[key], key).toBeTruthy();
  });

  it('keep the SPEC texts word for word in English', () => {
    expect(locales.en['notFound.title']).toBe('Page Not Found');
    expect(locales.en['notFound.message']).toBe("The page you're looking for doesn't exist.");
    expect(locales.en['accessDenied.message']).toBe("You don't have permission to access this page.");
    expect(locales.en['securityBell.criticalBanner']).toBe('Critical security issues detected! Immediate action required.');
    expect(locales.en['init.title']).toBe('Initialization Failed');
  });
});
