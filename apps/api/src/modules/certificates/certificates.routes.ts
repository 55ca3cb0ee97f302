import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  certificateIdParams,
  certificateListQuery,
  certificateListSchema,
  certificateNumberParams,
  certificateQrQuery,
  certificateSchema,
  certificateVerificationSchema,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import * as certificates from './certificates.service';
import { embeddedContentStore } from '../files';

/** Anonymous verifications per client IP and minute: each one reads the chain several times. */
export const VERIFY_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/** docs/product.md §2 Certificates: the list, the viewer, the PDF and QR code, and the public verification page's data. */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: certificates.CertificateDeps = {
    db: app.db,
    chain: app.chain,
    explorer: app.explorer,
    files: embeddedContentStore(app.config.dataDir),
  };
  /** A certificate's verification address is the one written on chain as its uri: never the caller's Host header. */
  const baseUrl = app.publicBaseUrl;
  const read = app.requirePermission('certificates:read');

  app.get(
    '/certificates',
    {
      onRequest: read,
      schema: {
        tags: ['certificates'],
        summary: 'Burn certificates, newest first; search by number, project or beneficiary',
        querystring: certificateListQuery,
        response: { 200: apiEnvelope(certificateListSchema) },
      },
    },
    async (request) => ok(request, await certificates.listCertificates(deps, actorOf(request), request.query, baseUrl)),
  );

  app.get(
    '/certificates/:id',
    {
      onRequest: read,
      schema: {
        tags: ['certificates'],
        summary: 'One certificate with every viewer field',
        params: certificateIdParams,
        response: { 200: apiEnvelope(certificateSchema) },
      },
    },
    async (request) => ok(request, await certificates.getCertificate(deps, actorOf(request), request.params.id, baseUrl)),
  );

  app.get(
    '/certificates/:id/pdf',
    {
      onRequest: read,
      schema: {
        tags: ['certificates'],
        summary: 'The certificate as a PDF (attachment) with its QR code to the public verification page',
        produces: ['application/pdf'],
        params: certificateIdParams,
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await certificates.certificatePdf(deps, actorOf(request), request.params.id, baseUrl);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/certificates/:id/qr',
    {
      onRequest: read,
      schema: {
        tags: ['certificates'],
        summary: 'The QR code (PNG or SVG) of the public verification page',
        produces: ['image/png', 'image/svg+xml'],
        params: certificateIdParams,
        querystring: certificateQrQuery,
      },
    },
    async (request, reply) => {
      const { contentType, body } = await certificates.certificateQr(deps, actorOf(request), request.params.id, request.query.format, baseUrl);
      return reply.type(contentType).header('cache-control', 'private, max-age=300').send(body);
    },
  );

  app.get(
    '/public/certificates/:number/verify',
    {
      config: { rateLimit: VERIFY_RATE_LIMIT },
      schema: {
        tags: ['certificates'],
        summary: 'Public, no sign-in: re-checks a certificate against the chain now and says whether it is valid (no personal data)',
        params: certificateNumberParams,
        response: { 200: apiEnvelope(certificateVerificationSchema) },
      },
    },
    async (request, reply) => {
      const verification = await certificates.verifyCertificate(deps, request.params.number, baseUrl);
      return reply.header('cache-control', 'no-store').send(ok(request, verification, verification.verdict));
    },
  );
};
