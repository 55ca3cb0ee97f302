/** Query keys of the market widgets: market_update marks them all stale at once. */
export const marketKeys = {
  all: ['market'] as const,
  price: (range: string) => ['market', 'price', range] as const,
  forecast: (horizon: number) => ['market', 'forecast', horizon] as const,
  conditions: ['market', 'conditions'] as const,
  risk: ['market', 'risk'] as const,
  optimisation: (target: number) => ['market', 'optimisation', target] as const,
};
