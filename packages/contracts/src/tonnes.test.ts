import { describe, expect, it } from 'vitest';
import { sumAsTonnes, tonnesString } from './tonnes';

describe('sumAsTonnes', () => {
  it('adds tokens of mints with different decimals as tonnes, not as raw base units', () => {
    expect(
      sumAsTonnes([
        { amount: 120n, decimals: 0 },
        { amount: 2_500_000n, decimals: 6 },
      ]),
    ).toBe('122.5');
  });

  it('keeps whole tonnes whole and says 0 for nothing', () => {
    expect(
      sumAsTonnes([
        { amount: 3_000n, decimals: 3 },
        { amount: 7n, decimals: 0 },
      ]),
    ).toBe('10');
    expect(sumAsTonnes([])).toBe('0');
  });

  it('is exact beyond the precision of a JavaScript number', () => {
    expect(
      sumAsTonnes([
        { amount: 9_007_199_254_740_993n, decimals: 0 },
        { amount: 1n, decimals: 9 },
      ]),
    ).toBe('9007199254740993.000000001');
    expect(tonnesString.safeParse('9007199254740993.000000001').success).toBe(true);
    expect(tonnesString.safeParse('1e3').success).toBe(false);
  });
});
