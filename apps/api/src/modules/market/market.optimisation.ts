import { marketTexts, type Optimisation, type PortfolioHolding, type RetireSuggestion } from '@carbonledger/contracts';
import { round2 } from './market.model';

/**
 * docs/product.md §2 portfolio optimisation: which holdings to retire first against a target,
 * by the stated rule (marketTexts.optimisationRule): oldest vintage first, only holdings in
 * approved and unfrozen wallets, never more than the target; between equal vintages the
 * project type with the largest share goes first, which lowers concentration. It suggests;
 * the retirement form executes.
 */

const wholeTonnes = (holding: PortfolioHolding) => BigInt(holding.heldAmount) / 10n ** BigInt(holding.decimals);

function typeShares(amounts: Map<PortfolioHolding, bigint>): Map<string, number> {
  const total = [...amounts.values()].reduce((sum, value) => sum + value, 0n);
  const byType = new Map<string, bigint>();
  for (const [holding, amount] of amounts) byType.set(holding.projectType ?? 'unknown', (byType.get(holding.projectType ?? 'unknown') ?? 0n) + amount);
  return new Map([...byType.entries()].map(([type, amount]) => [type, total === 0n ? 0 : round2((Number(amount) * 100) / Number(total))]));
}

function averageAge(amounts: Map<PortfolioHolding, bigint>, year: number): number | null {
  let weighted = 0;
  let tonnes = 0;
  for (const [holding, amount] of amounts) {
    if (holding.vintage === null || amount === 0n) continue;
    weighted += (year - holding.vintage) * Number(amount);
    tonnes += Number(amount);
  }
  return tonnes === 0 ? null : round2(weighted / tonnes);
}

export function retireFirst(
  companyId: string,
  holdings: readonly PortfolioHolding[],
  usable: (holding: PortfolioHolding) => boolean,
  target: bigint,
  today: Date,
): Optimisation {
  const held = holdings.filter((holding) => wholeTonnes(holding) > 0n);
  const before = new Map(held.map((holding) => [holding, wholeTonnes(holding)]));
  const sharesBefore = typeShares(before);
  const candidates = held
    .filter(usable)
    .sort(
      (a, b) =>
        (a.vintage ?? Number.MAX_SAFE_INTEGER) - (b.vintage ?? Number.MAX_SAFE_INTEGER) ||
        (sharesBefore.get(b.projectType ?? 'unknown') ?? 0) - (sharesBefore.get(a.projectType ?? 'unknown') ?? 0) ||
        Number(wholeTonnes(b) - wholeTonnes(a)),
    );
  const after = new Map(before);
  const picked: { holding: PortfolioHolding; quantity: bigint }[] = [];
  let remaining = target;
  for (const holding of candidates) {
    if (remaining === 0n) break;
    const quantity = wholeTonnes(holding) < remaining ? wholeTonnes(holding) : remaining;
    picked.push({ holding, quantity });
    after.set(holding, wholeTonnes(holding) - quantity);
    remaining -= quantity;
  }
  const sharesAfter = typeShares(after);
  const largest = (shares: Map<string, number>) => Math.max(0, ...shares.values());
  const excluded = held.filter((holding) => !usable(holding)).reduce((sum, holding) => sum + wholeTonnes(holding), 0n);
  const year = today.getUTCFullYear();
  const suggestions: RetireSuggestion[] = picked.map(({ holding, quantity }) => ({
    mint: holding.mint,
    symbol: holding.symbol,
    walletAddress: holding.walletAddress,
    projectName: holding.projectName,
    projectType: holding.projectType,
    vintage: holding.vintage,
    quantity: quantity.toString(),
    typeShareBefore: sharesBefore.get(holding.projectType ?? 'unknown') ?? 0,
    typeShareAfter: sharesAfter.get(holding.projectType ?? 'unknown') ?? 0,
  }));
  return {
    companyId,
    rule: marketTexts.optimisationRule,
    target: target.toString(),
    covered: (target - remaining).toString(),
    shortfall: remaining.toString(),
    excluded: excluded.toString(),
    largestTypeShareBefore: largest(sharesBefore),
    largestTypeShareAfter: largest(sharesAfter),
    averageVintageAgeBefore: averageAge(before, year),
    averageVintageAgeAfter: averageAge(after, year),
    suggestions,
  };
}
