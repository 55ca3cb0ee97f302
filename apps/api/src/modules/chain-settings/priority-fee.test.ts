import { describe, expect, it } from 'vitest';
import { percentileOf, priorityFeeFor } from './priority-fee';

describe('priority fee from the tenant policy', () => {
  const samples = () => Promise.resolve([10n, 40n, 20n, 30n, 1_000n]);

  it('takes the nearest-rank percentile of the recent prices, capped by the policy', async () => {
    expect(percentileOf([10n, 40n, 20n, 30n], 50)).toBe(20n);
    expect(percentileOf([10n, 40n, 20n, 30n], 100)).toBe(40n);
    expect(percentileOf([], 90)).toBe(0n);
    expect(await priorityFeeFor({ mode: 'percentile', percentile: 80, maxMicroLamports: 500, computeUnitLimit: 200_000 }, samples)).toEqual({
      computeUnitLimit: 200_000,
      microLamportsPerComputeUnit: 40n,
    });
    expect(await priorityFeeFor({ mode: 'percentile', percentile: 100, maxMicroLamports: 500, computeUnitLimit: 200_000 }, samples)).toEqual({
      computeUnitLimit: 200_000,
      microLamportsPerComputeUnit: 500n,
    });
  });

  it('pays a fixed price as set, and nothing at a price of 0', async () => {
    expect(await priorityFeeFor({ mode: 'fixed', microLamports: 7, computeUnitLimit: 1_000 }, samples)).toEqual({
      computeUnitLimit: 1_000,
      microLamportsPerComputeUnit: 7n,
    });
    expect(await priorityFeeFor({ mode: 'fixed', microLamports: 0, computeUnitLimit: 1_000 }, samples)).toBeUndefined();
  });
});
