import { describe, expect, it } from 'vitest';
import { helpArticles } from './index';
import { foldText, searchHelp } from './search';

const slugs = (language: string, query: string) => searchHelp(helpArticles(language), query).map((article) => article.slug);

describe('help search', () => {
  it('finds the Phantom article in Portuguese by a word of its title or of its body', () => {
    expect(slugs('pt', 'Phantom')[0]).toBe('phantom-custom-token');
    expect(slugs('pt', 'descongelada')).toContain('phantom-custom-token');
  });

  it('ignores accents and case on both sides', () => {
    expect(foldText('Aprovação ÚTEIS')).toBe('aprovacao uteis');
    expect(slugs('pt', 'aprovacao')).toContain('wallet-approval');
    expect(slugs('es', 'DIAS HABILES')).toEqual(['wallet-approval']);
    expect(slugs('es', 'verificación')).toEqual(slugs('es', 'verificacion'));
  });

  it('searches only the language asked for', () => {
    expect(slugs('en', 'carteira')).toEqual([]);
    expect(slugs('pt', 'carteira')).toContain('wallet-approval');
    expect(slugs('es', 'billetera')).toContain('wallet-approval');
  });

  it('needs every word, and puts title matches first', () => {
    expect(slugs('en', 'business hours')).toEqual(['wallet-approval']);
    expect(slugs('en', 'business hours zebra')).toEqual([]);
    expect(slugs('en', 'certificate')[0]).toBe('retiring-and-certificates');
    expect(slugs('en', 'certificate')).toContain('verification');
  });

  it('returns every article for an empty query', () => {
    expect(slugs('en', '   ')).toHaveLength(helpArticles('en').length);
  });
});
