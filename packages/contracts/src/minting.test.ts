import { describe, expect, it } from 'vitest';
import { createMintingBatchRequest, formatSol, insufficientBalanceText, mintPreviewRequest } from './minting';

const valid = { projectId: '3107', quantity: '300', tokenName: 'Texas Wind', symbol: 'TXW23', walletId: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' };

describe('minting contracts', () => {
  it('reads the quantity as a bigint from an integer or a decimal string, decimals default 0', () => {
    expect(mintPreviewRequest.parse(valid)).toMatchObject({ quantity: 300n, decimals: 0 });
    expect(mintPreviewRequest.parse({ ...valid, quantity: 12 }).quantity).toBe(12n);
    expect(mintPreviewRequest.parse({ ...valid, quantity: '900000000000000000' }).quantity).toBe(900_000_000_000_000_000n);
  });

  it.each([0, -1, 1.5, '0', '12.5', '1e3', ''])('refuses the quantity %j', (quantity) => {
    expect(mintPreviewRequest.safeParse({ ...valid, quantity }).success).toBe(false);
  });

  it('states required and available SOL in the insufficient-balance text', () => {
    expect(insufficientBalanceText(6_219_400n, 5_000_000n)).toBe('Insufficient balance: 0.0062194 SOL required, 0.005 SOL available.');
    expect(formatSol(2_000_000_000n)).toBe('2');
  });

  it('needs at least one VCU block in a batch', () => {
    expect(createMintingBatchRequest.safeParse({ vcuBlockIds: [], walletId: valid.walletId }).success).toBe(false);
  });
});
