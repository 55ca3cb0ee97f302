import { describe, expect, it } from 'vitest';
import { formatCurrency, formatNumber } from './format';

describe('number and currency formats (SPEC §9)', () => {
  it('uses the dollar sign in English and R$ in Portuguese', () => {
    expect(formatCurrency(1234.5, 'en')).toBe('$1,234.50');
    expect(formatCurrency(1234.5, 'pt').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });

  it("uses the Spanish locale's own grouping", () => {
    expect(formatNumber(1234567, 'es').replace(/\s/g, ' ')).toBe('1.234.567');
    expect(formatNumber(1234567n, 'en')).toBe('1,234,567');
  });
});
