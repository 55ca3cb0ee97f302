import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DASHBOARD_WIDGET_ROLES,
  apiEnvelope,
  dailyVolumeSchema,
  dashboardAlertsSchema,
  dashboardLayoutInput,
  dashboardLayoutSchema,
  dashboardSummarySchema,
  idempotencyMetricsSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { alertsFor, dailyVolumeFor, idempotencyMetrics } from './dashboard-metrics.service';
import { layoutOf, replaceLayout, resetLayout } from './dashboard-layout.service';
import { dashboardSummary } from './dashboard.service';

/** Registered under API_BASE_PATH. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: 'Pending actions and recent activity for the signed-in user',
        response: { 200: apiEnvelope(dashboardSummarySchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => dashboardSummary(tx, actorOf(request)))),
  );

  app.get(
    '/dashboard/layout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's dashboard layout (their role's default until they change it)",
        response: { 200: apiEnvelope(dashboardLayoutSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => layoutOf(tx, actorOf(request)))),
  );

  app.put(
    '/dashboard/layout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: "Save the signed-in user's dashboard layout",
        body: dashboardLayoutInput,
        response: { 200: apiEnvelope(dashboardLayoutSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(request, await request.withTenant((tx) => replaceLayout(tx, actor, request.body)), 'Dashboard layout saved');
    },
  );

  app.delete(
    '/dashboard/layout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: "Reset the signed-in user's dashboard to the default layout",
        response: { 200: apiEnvelope(dashboardLayoutSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(request, await request.withTenant((tx) => resetLayout(tx, actor)), 'Dashboard layout reset to default');
    },
  );

  app.get(
    '/dashboard/daily-volume',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: 'Completed mints and retirements per day (the company, or the tenant for administrators)',
        response: { 200: apiEnvelope(dailyVolumeSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => dailyVolumeFor(tx, actorOf(request)))),
  );

  app.get(
    '/dashboard/alerts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: 'Security alerts, low platform-key balances and KYC for the signed-in user',
        response: { 200: apiEnvelope(dashboardAlertsSchema) },
      },
    },
    async (request) => ok(request, { alerts: await request.withTenant((tx) => alertsFor(tx, actorOf(request))) }),
  );

  app.get(
    '/dashboard/idempotency',
    {
      onRequest: app.requireRoles(DASHBOARD_WIDGET_ROLES['idempotency-metrics'] ?? []),
      schema: {
        tags: ['dashboard'],
        summary: "The tenant's idempotency keys of the last 24 hours by outcome",
        response: { 200: apiEnvelope(idempotencyMetricsSchema) },
      },
    },
    async (request) => ok(request, await request.withTenant((tx) => idempotencyMetrics(tx))),
  );
};
