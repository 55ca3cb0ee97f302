import { describe, expect, it } from 'vitest';
import { helpArticle, helpArticles, HELP_SLUGS } from './index';

const LANGUAGES = ['en', 'pt', 'es'] as const;

describe('help articles', () => {
  it('exist in English, Portuguese and Spanish with the same sections, each translated', () => {
    const english = helpArticles('en');
    for (const language of ['pt', 'es'] as const) {
      helpArticles(language).forEach((article, index) => {
        const original = english[index]!;
        expect(article.slug).toBe(original.slug);
        expect(article.sections.map((section) => section.id)).toEqual(original.sections.map((section) => section.id));
        expect(article.sections.map((section) => section.steps?.length ?? 0)).toEqual(original.sections.map((section) => section.steps?.length ?? 0));
        expect(article.title).not.toBe(original.title);
      });
    }
  });

  it('have a title, a summary and non-empty sections with unique anchors', () => {
    for (const language of LANGUAGES) {
      for (const article of helpArticles(language)) {
        expect(article.title && article.summary).toBeTruthy();
        expect(new Set(article.sections.map((section) => section.id)).size).toBe(article.sections.length);
        for (const section of article.sections) expect(section.heading && section.paragraphs.length).toBeTruthy();
      }
    }
  });

  it('relate only to other existing articles', () => {
    for (const article of helpArticles('en')) {
      expect(article.related.length).toBeGreaterThan(0);
      for (const slug of article.related) {
        expect(HELP_SLUGS).toContain(slug);
        expect(slug).not.toBe(article.slug);
      }
    }
  });

  it('say the docs/product.md texts: the four roles, the approval times and 24/7 support', () => {
    const text = (language: string, slug: string) => JSON.stringify(helpArticle(language, slug));
    expect(text('en', 'roles-and-permissions')).toContain('Administrator: full access.');
    expect(text('en', 'roles-and-permissions')).toContain('Viewer: read-only.');
    expect(text('en', 'roles-and-permissions')).toContain('Permissions are defined by the company administrator.');
    expect(text('en', 'wallet-approval')).toContain('up to 24 business hours (1–2 business days)');
    expect(text('pt', 'wallet-approval')).toContain('até 24 horas úteis (1–2 dias úteis)');
    expect(text('es', 'wallet-approval')).toContain('hasta 24 horas hábiles (1–2 días hábiles)');
    for (const language of LANGUAGES) expect(helpArticle(language, 'support')?.summary).toContain('24/7');
  });

  it('read a regional language as its base and an unknown one as English; an unknown slug is no article', () => {
    expect(helpArticle('pt-BR', 'kyc')?.title).toBe(helpArticle('pt', 'kyc')?.title);
    expect(helpArticle('de', 'kyc')?.title).toBe(helpArticle('en', 'kyc')?.title);
    expect(helpArticle('en', 'no-such-article')).toBeUndefined();
  });
});
