import type { PortfolioHolding } from '@carbonledger/contracts';

/**
 * Sum of an amount across holdings in tCO2e, as base units at the largest decimals among them.
 * Mints may use different decimals (0–9), so their base units cannot simply be added.
 */
export function totalTonnes(holdings: readonly PortfolioHolding[], pick: (holding: PortfolioHolding) => string): { amount: string; decimals: number } {
  const decimals = holdings.reduce((largest, holding) => Math.max(largest, holding.decimals), 0);
  const amount = holdings.reduce((sum, holding) => sum + BigInt(pick(holding)) * 10n ** BigInt(decimals - holding.decimals), 0n);
  return { amount: amount.toString(), decimals };
}
