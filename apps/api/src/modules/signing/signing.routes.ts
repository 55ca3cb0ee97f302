import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  signingTexts,
  signingTransactionSchema,
  submissionResultSchema,
  submitSignedTransactionRequest,
  transactionIdParams,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { getSigningTransaction, submitSignedTransaction } from './signing.service';

const tags = ['signing'];

/** The browser half of prepare → sign → submit: read a prepared transaction, submit what the wallet signed. */
export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/signing/transactions';

  app.get(
    `${base}/:transactionId`,
    {
      onRequest: app.requirePermission('wallets:read'),
      schema: {
        tags,
        summary: 'A prepared transaction to sign, decoded instruction by instruction',
        params: transactionIdParams,
        response: { 200: apiEnvelope(signingTransactionSchema) },
      },
    },
    async (request) => ok(request, await getSigningTransaction(app.chainContext, actorOf(request), request.params.transactionId)),
  );

  app.post(
    `${base}/:transactionId/submit`,
    {
      onRequest: app.requirePermission('wallets:create'),
      schema: {
        tags,
        summary: 'Submit the wallet-signed prepared transaction and wait for its confirmation',
        params: transactionIdParams,
        body: submitSignedTransactionRequest,
        response: { 200: apiEnvelope(submissionResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await submitSignedTransaction(app.chainContext, actorOf(request), request.params.transactionId, request.body.signedTxBase64),
        signingTexts.submitted,
      ),
  );
};
