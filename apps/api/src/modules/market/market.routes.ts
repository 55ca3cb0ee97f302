import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  carbonPriceQuery,
  carbonPriceSchema,
  companyMarketQuery,
  forecastQuery,
  marketConditionsSchema,
  marketForecastSchema,
  optimisationQuery,
  optimisationSchema,
  riskFactorsSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { complianceDepsOf } from '../compliance';
import { MarketState } from './market.analysis';
import { companyOptimisation, companyRiskFactors } from './market.company';
import { marketSourceOf, type MarketDataSource } from './market.data';
import { registerMarketJobs } from './market.jobs';
import { carbonPrice, marketConditions, marketForecast } from './market.queries';

/** docs/product.md §2 AI market-intelligence widgets: one endpoint per widget. */
export const marketRoutes: FastifyPluginAsyncZod<{ source?: MarketDataSource }> = async (app, options) => {
  const state = new MarketState(options.source ?? marketSourceOf(app.config));
  const deps = { db: app.db, state };
  const companyDeps = {
    ...deps,
    portfolio: { db: app.db, chain: app.chain, explorer: app.explorer, registry: app.registryFor },
    compliance: complianceDepsOf(app),
  };
  await registerMarketJobs(app, state);

  app.get(
    '/market/price',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['market'],
        summary: 'The NZU spot price (NZ ETS compliance units, NZD/t): latest, 1 w / 1 m / 1 y change and the observations of a range',
        querystring: carbonPriceQuery,
        response: { 200: apiEnvelope(carbonPriceSchema) },
      },
    },
    async (request) => ok(request, await carbonPrice(deps, request.query.range)),
  );

  app.get(
    '/market/forecast',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['market'],
        summary: 'The weekly price forecast with 80 % and 95 % prediction intervals and its rolling-origin backtest against the naive forecast',
        querystring: forecastQuery,
        response: { 200: apiEnvelope(marketForecastSchema) },
      },
    },
    async (request) => ok(request, await marketForecast(deps, request.query.horizon)),
  );

  app.get(
    '/market/conditions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['market'],
        summary: "Trend, volatility regime and change points of the price series, and the last 30 days of the caller's minted and retired tCO2e",
        response: { 200: apiEnvelope(marketConditionsSchema) },
      },
    },
    async (request) => ok(request, await marketConditions(deps, actorOf(request))),
  );

  app.get(
    '/market/risk',
    {
      onRequest: app.requirePermission('tokens:read'),
      schema: {
        tags: ['market'],
        summary: "The company's risk factors, each scored low, medium, high or critical with its reason",
        querystring: companyMarketQuery,
        response: { 200: apiEnvelope(riskFactorsSchema) },
      },
    },
    async (request) => ok(request, await companyRiskFactors(companyDeps, actorOf(request), request.query.companyId)),
  );

  app.get(
    '/market/optimisation',
    {
      onRequest: app.requirePermission('tokens:read'),
      schema: {
        tags: ['market'],
        summary: 'Retire-first suggestions against a retirement target by the stated rule; nothing is executed',
        querystring: optimisationQuery,
        response: { 200: apiEnvelope(optimisationSchema) },
      },
    },
    async (request) => ok(request, await companyOptimisation(companyDeps, actorOf(request), request.query.companyId, request.query.target)),
  );
};
