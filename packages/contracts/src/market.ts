import { z } from 'zod';
import { PROJECT_TYPES } from './projects';
import { tonnesString } from './tonnes';

/**
 * Market intelligence (docs/product.md §2 AI market-intelligence widgets): the carbon price, its
 * forecast with prediction intervals and backtest, market conditions, the company's risk factors
 * and retire-first suggestions.
 *
 * The price series is the New Zealand Emission Unit (NZU) spot price: NZ ETS compliance units,
 * NZD per tonne CO2e. It is never presented as the price of the voluntary credits the platform
 * tokenises. Prices and model outputs are index observations and statistical estimates (numbers
 * rounded to cents), never amounts of money the platform moves.
 */

/** What the series is, said the same way on every widget and in the API. */
export const MARKET_SERIES = {
  id: 'nzu-spot',
  name: 'New Zealand Emission Unit (NZU) spot price',
  market: 'NZ ETS compliance units',
  currency: 'NZD',
  unit: 'NZD per tonne CO2e',
  disclaimer: 'NZ ETS compliance-market price in NZD; not a price of the voluntary carbon credits held on this platform.',
} as const;

/** docs/product.md §8: the load-failed and no-data messages of the AI widgets. */
export const marketTexts = {
  loadFailed: 'Failed to load market data. Please try again later.',
  noData: 'No market data available.',
  sourceUnavailable: 'The market data source is unavailable. Please try again later.',
  /** Said on the predictions widget when the backtest shows the model no better than the last value. */
  notBetterThanNaive: 'On the backtest this model does not beat a naive last-value forecast; treat the forecast with caution.',
  betterThanNaive: 'On the backtest this model beats a naive last-value forecast.',
  /** The retire-first rule, stated where its suggestions are shown. */
  optimisationRule:
    'Oldest vintage first; only holdings in approved, unfrozen wallets; at most the target; ties go to the project type that makes up the largest share of the holdings, to reduce concentration.',
} as const;

export const PRICE_RANGES = ['1m', '3m', '1y', '5y', 'all'] as const;
export const priceRangeSchema = z.enum(PRICE_RANGES);
export type PriceRange = z.infer<typeof priceRangeSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const marketSeriesInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  unit: z.string(),
  disclaimer: z.string(),
  /** Where the observations come from (the embedded file or the configured feed). */
  source: z.string(),
  licence: z.string(),
});
export type MarketSeriesInfo = z.infer<typeof marketSeriesInfoSchema>;

export const pricePointSchema = z.object({ date: isoDate, price: z.number() });
export type PricePoint = z.infer<typeof pricePointSchema>;

/** The change from the last observation on or before the period's start to the latest one. */
export const priceChangeSchema = z.object({ from: isoDate, absolute: z.number(), percent: z.number() }).nullable();

export const carbonPriceQuery = z.object({ range: priceRangeSchema.default('1y') }).strict();
export type CarbonPriceQuery = z.input<typeof carbonPriceQuery>;

/** GET /market/price: latest observation, its 1 w / 1 m / 1 y changes and the observations of the range. */
export const carbonPriceSchema = z.object({
  series: marketSeriesInfoSchema,
  latest: pricePointSchema.nullable(),
  changes: z.object({ week: priceChangeSchema, month: priceChangeSchema, year: priceChangeSchema }),
  range: priceRangeSchema,
  points: z.array(pricePointSchema),
});
export type CarbonPrice = z.infer<typeof carbonPriceSchema>;

export const forecastPointSchema = z.object({
  date: isoDate,
  mean: z.number(),
  lower80: z.number(),
  upper80: z.number(),
  lower95: z.number(),
  upper95: z.number(),
});
export type ForecastPoint = z.infer<typeof forecastPointSchema>;

/** Accuracy of one method over the rolling-origin backtest: MAPE in percent, coverage as the share of actuals inside the interval (0–1). */
export const backtestScoreSchema = z.object({ mape: z.number(), coverage80: z.number(), coverage95: z.number() });
export type BacktestScore = z.infer<typeof backtestScoreSchema>;

export const backtestSchema = z.object({
  /** Forecast origins evaluated (one per week at the end of the history). */
  origins: z.number().int(),
  horizonWeeks: z.number().int(),
  model: backtestScoreSchema,
  naive: backtestScoreSchema,
  beatsNaive: z.boolean(),
});
export type Backtest = z.infer<typeof backtestSchema>;

export const forecastQuery = z.object({ horizon: z.coerce.number().int().min(4).max(12).default(12) }).strict();
export type ForecastQuery = z.input<typeof forecastQuery>;

/** GET /market/forecast: the weekly forecast with 80 % and 95 % prediction intervals and how the model did on its backtest. */
export const marketForecastSchema = z.object({
  series: marketSeriesInfoSchema,
  /** null while there are too few weekly observations to fit the model. */
  forecast: z
    .object({
      model: z.string(),
      fittedAt: z.string(),
      fitMs: z.number(),
      trainedThrough: isoDate,
      weeklyObservations: z.number().int(),
      points: z.array(forecastPointSchema),
      backtest: backtestSchema,
    })
    .nullable(),
});
export type MarketForecast = z.infer<typeof marketForecastSchema>;

export const TREND_DIRECTIONS = ['rising', 'falling', 'flat'] as const;
export const VOLATILITY_REGIMES = ['low', 'normal', 'high'] as const;

export const changepointSchema = z.object({ date: isoDate, meanBefore: z.number(), meanAfter: z.number() });
export type Changepoint = z.infer<typeof changepointSchema>;

export const platformVolumeDaySchema = z.object({ date: isoDate, minted: tonnesString, retired: tonnesString });
export type PlatformVolumeDay = z.infer<typeof platformVolumeDaySchema>;

/** GET /market/conditions: trend, volatility regime, change points on the weekly series, and the tenant's own daily volume. */
export const marketConditionsSchema = z.object({
  series: marketSeriesInfoSchema,
  conditions: z
    .object({
      trend: z.object({ direction: z.enum(TREND_DIRECTIONS), percentPerWeek: z.number(), change13Weeks: z.number() }),
      volatility: z.object({ regime: z.enum(VOLATILITY_REGIMES), annualisedPercent: z.number(), percentile: z.number() }),
      changepoints: z.array(changepointSchema),
      /** The weekly closes since a year before the first change point shown, for the chart. */
      weekly: z.array(pricePointSchema),
    })
    .nullable(),
  /** The last 30 days of tokens minted and retired on the platform (the caller's company, or the tenant for administrators). */
  platformVolume: z.array(platformVolumeDaySchema),
});
export type MarketConditions = z.infer<typeof marketConditionsSchema>;

/** docs/product.md §4 risk levels. */
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

export const RISK_FACTOR_KEYS = [
  'projectTypeConcentration',
  'countryConcentration',
  'vintageAge',
  'registryConcentration',
  'restrictedHoldings',
  'kycStatus',
  'limitUsage',
  'priceVolatility',
] as const;
export const riskFactorKeySchema = z.enum(RISK_FACTOR_KEYS);
export type RiskFactorKey = z.infer<typeof riskFactorKeySchema>;

export const riskFactorSchema = z.object({
  key: riskFactorKeySchema,
  level: riskLevelSchema,
  /** The reason in words (English); `reasonKey` and `values` let the web app say it in the user's language. */
  reason: z.string(),
  reasonKey: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RiskFactor = z.infer<typeof riskFactorSchema>;

export const companyMarketQuery = z.object({ companyId: z.uuid().optional() }).strict();
export type CompanyMarketQuery = z.input<typeof companyMarketQuery>;

/** GET /market/risk: the company's risk factors, each scored, and the highest of them. */
export const riskFactorsSchema = z.object({
  companyId: z.uuid(),
  overall: riskLevelSchema,
  heldTonnes: tonnesString,
  factors: z.array(riskFactorSchema),
});
export type RiskFactors = z.infer<typeof riskFactorsSchema>;

export const optimisationQuery = z
  .object({
    companyId: z.uuid().optional(),
    /** The company's retirement target in whole tCO2e. */
    target: z.coerce.number().int().min(1).max(1_000_000_000).default(100),
  })
  .strict();
export type OptimisationQuery = z.input<typeof optimisationQuery>;

export const retireSuggestionSchema = z.object({
  mint: z.string(),
  symbol: z.string(),
  walletAddress: z.string(),
  projectName: z.string().nullable(),
  projectType: z.enum(PROJECT_TYPES).nullable(),
  vintage: z.number().int().nullable(),
  /** Whole tCO2e to retire from this holding. */
  quantity: tonnesString,
  /** The project type's share of the holdings before and after all suggestions, in percent. */
  typeShareBefore: z.number(),
  typeShareAfter: z.number(),
});
export type RetireSuggestion = z.infer<typeof retireSuggestionSchema>;

/** GET /market/optimisation: retire-first suggestions against the target; nothing is executed. */
export const optimisationSchema = z.object({
  companyId: z.uuid(),
  rule: z.string(),
  target: tonnesString,
  covered: tonnesString,
  shortfall: tonnesString,
  /** tCO2e left out because they sit in frozen or not approved wallets. */
  excluded: tonnesString,
  /** The largest project-type share of the holdings before and after the suggestions, in percent. */
  largestTypeShareBefore: z.number(),
  largestTypeShareAfter: z.number(),
  /** Average vintage age in years of what is kept, before and after. */
  averageVintageAgeBefore: z.number().nullable(),
  averageVintageAgeAfter: z.number().nullable(),
  suggestions: z.array(retireSuggestionSchema),
});
export type Optimisation = z.infer<typeof optimisationSchema>;

/** market_update: a new price observation landed or the model was refitted; widgets read again. */
export const marketUpdatePayload = z.object({ kind: z.enum(['price', 'forecast']), latestDate: isoDate.nullable(), at: z.string() });
export type MarketUpdatePayload = z.infer<typeof marketUpdatePayload>;
