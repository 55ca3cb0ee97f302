// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, i18n, initI18n } from './i18n';

describe('language change (docs/product.md §4)', () => {
  beforeAll(async () => {
    localStorage.setItem('i18nextLng', 'en');
    await initI18n();
  });

  it('refuses a change to the language already in use', async () => {
    expect(currentLanguage()).toBe('en');
    expect(await changeLanguage('en')).toBe(false);
  });

  it('refuses a second change while one is still loading, and caches the choice', async () => {
    const first = changeLanguage('pt');
    expect(await changeLanguage('es')).toBe(false);
    expect(await first).toBe(true);
    expect(currentLanguage()).toBe('pt');
    expect(i18n.t('notFound.title')).toBe('Página Não Encontrada');
    expect(localStorage.getItem('i18nextLng')).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
    expect(await changeLanguage('en')).toBe(true);
  });
});
