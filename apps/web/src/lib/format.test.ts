import { describe, expect, it } from 'vitest';
import { countryName, formatCurrency, formatNumber, formatRetirementLocation } from './format';

describe('number and currency formats (docs/product.md §9)', () => {
  it('uses the dollar sign in English and R$ in Portuguese', () => {
    expect(formatCurrency(1234.5, 'en')).toBe('$1,234.50');
    expect(formatCurrency(1234.5, 'pt').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });

  it("uses the Spanish locale's own grouping", () => {
    expect(formatNumber(1234567, 'es').replace(/\s/g, ' ')).toBe('1.234.567');
    expect(formatNumber(1234567n, 'en')).toBe('1,234,567');
  });
});

describe('countryName', () => {
  it('names the country in the reader language', () => {
    expect(countryName('BR', 'en')).toBe('Brazil');
    expect(countryName('BR', 'pt')).toBe('Brasil');
  });
});

describe('formatRetirementLocation', () => {
  it('names the country in the reader\u2019s language and keeps the subdivision code', () => {
    expect(formatRetirementLocation('BR', 'BR-SP', 'en')).toBe('Brazil · BR-SP');
    expect(formatRetirementLocation('DE', null, 'pt')).toBe('Alemanha');
    expect(formatRetirementLocation('US', null, 'es')).toBe('Estados Unidos');
  });
});
