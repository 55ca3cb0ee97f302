import { describe, expect, it } from 'vitest';
import { priorityFeePolicySchema, updateBlockchainSettingsRequest } from './chain-settings';
import { DEFAULT_PERMISSIONS, ROLES, canManageBlockchainSettings } from './roles';

describe('blockchain settings', () => {
  it('are for the roles holding settings:blockchain: platform administrators, not CSO nor the head of digital assets', () => {
    expect(ROLES.filter((role) => canManageBlockchainSettings(role, DEFAULT_PERMISSIONS[role]))).toEqual(['SUPER_ADMIN', 'ADMIN']);
  });

  it('follow a custom role: its permission list decides, ADMIN passes as every permission check lets it', () => {
    expect(canManageBlockchainSettings('OPERATOR', ['settings:blockchain'])).toBe(true);
    expect(canManageBlockchainSettings('SUPER_ADMIN', ['tokens:read'])).toBe(false);
    expect(canManageBlockchainSettings('ADMIN', [])).toBe(true);
  });

  it('accept a fixed or percentile priority fee within bounds and refuse the rest', () => {
    expect(priorityFeePolicySchema.safeParse({ mode: 'fixed', microLamports: 5_000, computeUnitLimit: 200_000 }).success).toBe(true);
    expect(priorityFeePolicySchema.safeParse({ mode: 'percentile', percentile: 75, maxMicroLamports: 100_000, computeUnitLimit: 200_000 }).success).toBe(true);
    expect(priorityFeePolicySchema.safeParse({ mode: 'fixed', microLamports: -1, computeUnitLimit: 200_000 }).success).toBe(false);
    expect(priorityFeePolicySchema.safeParse({ mode: 'fixed', microLamports: 1, computeUnitLimit: 2_000_000 }).success).toBe(false);
    expect(priorityFeePolicySchema.safeParse({ mode: 'percentile', percentile: 0, maxMicroLamports: 1, computeUnitLimit: 200_000 }).success).toBe(false);
    expect(priorityFeePolicySchema.safeParse({ mode: 'auction', computeUnitLimit: 200_000 }).success).toBe(false);
  });

  it('refuse unknown fields, a slippage over 50 % and a threshold that is not a whole number of lamports', () => {
    expect(updateBlockchainSettingsRequest.safeParse({ cluster: 'mainnet-beta' }).success).toBe(false);
    expect(updateBlockchainSettingsRequest.safeParse({ slippageToleranceBps: 5_001 }).success).toBe(false);
    expect(updateBlockchainSettingsRequest.safeParse({ lowBalanceThresholdLamports: '0.5' }).success).toBe(false);
    expect(updateBlockchainSettingsRequest.safeParse({ lowBalanceThresholdLamports: '9'.repeat(1_000_000) }).success).toBe(false);
    expect(updateBlockchainSettingsRequest.safeParse({ slippageToleranceBps: 50, lowBalanceThresholdLamports: '250000000' }).success).toBe(true);
  });
});
