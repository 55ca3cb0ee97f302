import { describe, expect, it } from 'vitest';
import { bpsToPercent, centsToUsd, lamportsToSol, percentToBps, priorityLamports, solToLamports, usdToCents } from './blockchain-form';

describe('Blockchain tab conversions', () => {
  it('reads SOL, percent and dollars as the API units and refuses anything else', () => {
    expect(solToLamports('0.25')).toBe('250000000');
    expect(solToLamports('3')).toBe('3000000000');
    expect(solToLamports('0.0000000001')).toBeNull();
    expect(solToLamports('-1')).toBeNull();
    expect(lamportsToSol('250000000')).toBe('0.25');
    expect(lamportsToSol('3000000000')).toBe('3');
    expect(percentToBps('1.5')).toBe(150);
    expect(percentToBps('0.05')).toBe(5);
    expect(percentToBps('1.555')).toBeNull();
    expect(bpsToPercent(250)).toBe('2.5');
    expect(usdToCents('12.5')).toBe(1250);
    expect(usdToCents('abc')).toBeNull();
    expect(centsToUsd(1250)).toBe('12.50');
  });

  it('prices the priority fee as units × micro-lamports, rounded up to a lamport', () => {
    expect(priorityLamports(400_000, 50_000)).toBe(20_000n);
    expect(priorityLamports(1_000, 1)).toBe(1n);
    expect(priorityLamports(400_000, 0)).toBe(0n);
  });
});
