import type { OpenApiDocument } from './api/openapi-document';

/** A slice of the document the API serves: one operation open to keys with a body and a required Idempotency-Key, one without a body, one for sessions only. */
export const sampleDocument: OpenApiDocument = {
  paths: {
    '/api/v1/auth/sessions': { get: { operationId: 'listSessions', summary: 'Sessions', security: [{ bearerAuth: [] }] } },
    '/api/v1/transactions/{id}': {
      get: { operationId: 'getTransaction', summary: 'One transaction', security: [{ bearerAuth: [] }, { apiKey: [] }] },
    },
    '/api/v1/minting/mint': {
      post: {
        operationId: 'mint',
        summary: 'Mint carbon tokens',
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: true }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['walletId', 'quantity', 'note'],
                properties: {
                  walletId: { type: 'string', format: 'uuid' },
                  quantity: { type: 'integer' },
                  note: { type: 'string' },
                  optional: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  },
};
