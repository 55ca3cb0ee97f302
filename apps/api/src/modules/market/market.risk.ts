import { sumAsTonnes, type Portfolio, type PortfolioHolding, type RiskFactor, type RiskFactors, type RiskLevel } from '@carbonledger/contracts';
import type { ComplianceProfile } from '@carbonledger/contracts';
import { round2 } from './market.model';
import type { MarketAnalysis } from './market.analysis';

/**
 * docs/product.md §2 risk factors: each factor scored low / medium / high / critical from the
 * company's holdings (read from the chain), its wallets, its compliance profile and the price
 * model's intervals, with the reason in words. Pure: the service gathers the facts.
 */

export interface RiskFacts {
  portfolio: Portfolio;
  /** Country and registry of each project held. */
  projects: Map<string, { country: string; registry: string }>;
  walletStatus: Map<string, string>;
  compliance: ComplianceProfile;
  analysis: MarketAnalysis;
  today: Date;
}

const LEVEL_ORDER: readonly RiskLevel[] = ['low', 'medium', 'high', 'critical'];
const worst = (levels: readonly RiskLevel[]) =>
  levels.reduce<RiskLevel>((top, level) => (LEVEL_ORDER.indexOf(level) > LEVEL_ORDER.indexOf(top) ? level : top), 'low');
/** The level of a value against three ascending thresholds. */
const byThresholds = (value: number, [medium, high, critical]: readonly [number, number, number]): RiskLevel =>
  value >= critical ? 'critical' : value >= high ? 'high' : value >= medium ? 'medium' : 'low';
const tonnesOf = (holding: PortfolioHolding) => Number(BigInt(holding.heldAmount) / 10n ** BigInt(holding.decimals));
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round2((100 * part) / whole));

function factor(key: RiskFactor['key'], level: RiskLevel, reasonKey: string, reason: string, values: RiskFactor['values'] = {}): RiskFactor {
  return { key, level, reasonKey, reason, values };
}

/** Largest share of the held tCO2e by one group: up to 40 % low, 60 % medium, 80 % high, above critical. */
function concentration(key: RiskFactor['key'], held: readonly PortfolioHolding[], groupOf: (holding: PortfolioHolding) => string | null): RiskFactor {
  const total = held.reduce((sum, holding) => sum + tonnesOf(holding), 0);
  if (total === 0) return factor(key, 'low', 'noHoldings', 'The company holds no tokens, so nothing is concentrated.');
  const groups = new Map<string, number>();
  for (const holding of held) {
    const group = groupOf(holding) ?? 'unknown';
    groups.set(group, (groups.get(group) ?? 0) + tonnesOf(holding));
  }
  const [group, tonnes] = [...groups.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const share = percent(tonnes, total);
  return factor(key, byThresholds(share, [40.01, 60.01, 80.01]), 'concentration', `${share} % of the held tCO2e is in one group (${group}).`, { share, group });
}

export function riskFactors(companyId: string, facts: RiskFacts): RiskFactors {
  const held = facts.portfolio.holdings.filter((holding) => BigInt(holding.heldAmount) > 0n);
  const total = held.reduce((sum, holding) => sum + tonnesOf(holding), 0);
  const factors: RiskFactor[] = [
    concentration('projectTypeConcentration', held, (holding) => holding.projectType),
    concentration('countryConcentration', held, (holding) => (holding.projectId ? (facts.projects.get(holding.projectId)?.country ?? null) : null)),
    concentration('registryConcentration', held, (holding) => (holding.projectId ? (facts.projects.get(holding.projectId)?.registry ?? null) : null)),
  ];

  // Older vintages are harder to sell and some buyers' policies exclude them.
  const year = facts.today.getUTCFullYear();
  const old = held.filter((holding) => holding.vintage !== null && year - holding.vintage > 5).reduce((sum, holding) => sum + tonnesOf(holding), 0);
  const oldShare = percent(old, total);
  factors.push(
    total === 0
      ? factor('vintageAge', 'low', 'noHoldings', 'The company holds no tokens, so no vintage ages.')
      : factor('vintageAge', byThresholds(oldShare, [10, 30, 60]), 'vintageAge', `${oldShare} % of the held tCO2e is of vintages older than 5 years.`, {
          share: oldShare,
        }),
  );

  const restricted = held
    .filter((holding) => holding.frozen || !['approved', 'active'].includes(facts.walletStatus.get(holding.walletId) ?? ''))
    .reduce((sum, holding) => sum + tonnesOf(holding), 0);
  const restrictedShare = percent(restricted, total);
  factors.push(
    factor(
      'restrictedHoldings',
      restricted === 0 ? 'low' : byThresholds(restrictedShare, [0, 10, 50]),
      'restrictedHoldings',
      `${restrictedShare} % of the held tCO2e sits in frozen or not approved wallets and cannot be retired or moved.`,
      { share: restrictedShare },
    ),
  );

  const kyc = facts.compliance.kycStatus;
  const kycLevel: RiskLevel = kyc === 'approved' ? 'low' : kyc === 'rejected' ? 'critical' : 'high';
  factors.push(
    factor('kycStatus', kycLevel, `kyc.${kyc}`, `KYC/AML status is ${kyc.replace('_', ' ')}; only an approved company may mint and retire.`, { status: kyc }),
  );

  // Tokenisation and retirement each count against the limit on their own (docs/product.md §5 Compliance limits): the fuller one.
  const usage = (volume: ComplianceProfile['daily']) =>
    Number(volume.limit) === 0 ? 100 : percent(Math.max(Number(volume.minted), Number(volume.retired)), Number(volume.limit));
  const daily = usage(facts.compliance.daily);
  const monthly = usage(facts.compliance.monthly);
  const used = Math.max(daily, monthly);
  factors.push(
    factor(
      'limitUsage',
      byThresholds(used, [50, 80, 100]),
      'limitUsage',
      `${daily} % of the daily and ${monthly} % of the monthly compliance limit are used.`,
      {
        daily,
        monthly,
      },
    ),
  );

  factors.push(priceVolatility(facts, total));
  return {
    companyId,
    overall: worst(factors.map((item) => item.level)),
    heldTonnes: sumAsTonnes(held.map((holding) => ({ amount: BigInt(holding.heldAmount), decimals: holding.decimals }))),
    factors,
  };
}

/**
 * Value at risk over 4 weeks at 95 %: how far the model's lower 95 % bound sits below the latest
 * NZU price, applied to the holdings' value. The NZU series is a compliance-market proxy for
 * carbon price risk, which the reason says.
 */
function priceVolatility(facts: RiskFacts, heldTonnes: number): RiskFactor {
  const model = facts.analysis.model;
  const latest = facts.analysis.daily.at(-1);
  const fourWeeks = model?.points[3];
  if (!model || !latest || !fourWeeks) return factor('priceVolatility', 'low', 'noModel', 'There is not enough price history to estimate value at risk.');
  const varPercent = round2(Math.max(0, (latest.price - fourWeeks.lower95) / latest.price) * 100);
  const valueUsd = Number(BigInt(facts.portfolio.totalValueUsdCents) / 100n);
  const varUsd = Math.round((valueUsd * varPercent) / 100);
  const level = heldTonnes === 0 ? 'low' : byThresholds(varPercent, [10, 20, 35]);
  return factor(
    'priceVolatility',
    level,
    'valueAtRisk',
    `4-week 95 % value at risk is ${varPercent} % of the NZU price (NZ ETS compliance units, used as a proxy), about ${varUsd} USD of the holdings' indicative value; volatility is ${model.volatility.regime}.`,
    { percent: varPercent, valueUsd: varUsd, regime: model.volatility.regime },
  );
}
