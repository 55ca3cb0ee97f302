import { describe, expect, it } from 'vitest';
import { messageKeys } from '../lib/messages';
import enSignedIn from './en/signed-in.json';
import en from './en/translation.json';
import esSignedIn from './es/signed-in.json';
import es from './es/translation.json';
import ptSignedIn from './pt/signed-in.json';
import pt from './pt/translation.json';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const locales = { en: flatten({ ...en, ...enSignedIn }), pt: flatten({ ...pt, ...ptSignedIn }), es: flatten({ ...es, ...esSignedIn }) };

describe('translations', () => {
  it('have the same keys in English, Portuguese and Spanish', () => {
    const keys = Object.keys(locales.en).sort();
    expect(Object.keys(locales.pt).sort()).toEqual(keys);
    expect(Object.keys(locales.es).sort()).toEqual(keys);
  });

  it('split each language the same way between the first load and the signed-in screens', () => {
    const sections = (texts: object) => Object.keys(texts).sort();
    for (const [publicTexts, signedInTexts] of [
      [pt, ptSignedIn],
      [es, esSignedIn],
    ] as const) {
      expect(sections(publicTexts)).toEqual(sections(en));
      expect(sections(signedInTexts)).toEqual(sections(enSignedIn));
    }
    expect(sections(en).filter((section) => section in enSignedIn)).toEqual([]);
  });

  it('translate every key (no English left in pt or es apart from names and codes)', () => {
    const same = (other: Record<string, string>) =>
      Object.keys(locales.en).filter((key) => other[key] === locales.en[key] && /[a-z]{4,} [a-z]{3,}/i.test(locales.en[key] ?? ''));
    expect(same(locales.pt)).toEqual([]);
    expect(same(locales.es)).toEqual([]);
  });

  it('cover every contract and server text the client translates, from the first load on', () => {
    const firstLoad = flatten(en);
    for (const key of messageKeys()) expect(firstLoad[key], key).toBeTruthy();
  });

  it('keep the specified texts word for word in English', () => {
    expect(locales.en['notFound.title']).toBe('Page Not Found');
    expect(locales.en['notFound.message']).toBe("The page you're looking for doesn't exist.");
    expect(locales.en['accessDenied.message']).toBe("You don't have permission to access this page.");
    expect(locales.en['securityBell.criticalBanner']).toBe('Critical security issues detected! Immediate action required.');
    expect(locales.en['init.title']).toBe('Initialization Failed');
  });
});
