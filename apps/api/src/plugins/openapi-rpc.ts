/**
 * POST /rpc in the OpenAPI document: Solana JSON-RPC 2.0 over the embedded chain, served at
 * the server root, outside /api/v1 (docs/chain.md "Local JSON-RPC endpoint"). Its route is
 * hidden from the generated part of the document because its body is JSON-RPC's own
 * envelope, parsed by the endpoint itself; it is described here as one operation.
 */

export const JSON_RPC_PATH = '/rpc';

const id = { description: "The call's id, echoed in its answer; a call without one is a notification and gets no answer", type: ['string', 'number', 'null'] };

export const jsonRpcSchemas = {
  JsonRpcRequest: {
    type: 'object',
    required: ['jsonrpc', 'method'],
    properties: {
      jsonrpc: { type: 'string', const: '2.0' },
      id,
      method: { type: 'string', minLength: 1, description: 'A Solana RPC method (docs/chain.md lists the ones served), e.g. getBalance' },
      params: {
        description: "The method's parameters, by position or by name",
        anyOf: [
          { type: 'array', items: {} },
          { type: 'object', additionalProperties: {} },
        ],
      },
    },
    examples: [{ jsonrpc: '2.0', id: 1, method: 'getSlot' }],
  },
  JsonRpcResponse: {
    type: 'object',
    required: ['jsonrpc', 'id'],
    description: 'A result, or an error object (method failures answer HTTP 200 with the error, as a validator does)',
    properties: {
      jsonrpc: { type: 'string', const: '2.0' },
      id,
      result: { description: "The method's result" },
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: {
            type: 'integer',
            description:
              'JSON-RPC 2.0 and Solana codes: -32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32099 not allowed',
          },
          message: { type: 'string' },
          data: {},
        },
      },
    },
  },
};

const ref = (name: keyof typeof jsonRpcSchemas) => ({ $ref: `#/components/schemas/${name}` });
const oneOrBatch = (name: keyof typeof jsonRpcSchemas) => ({ oneOf: [ref(name), { type: 'array', minItems: 1, items: ref(name) }] });
const jsonRpcError = (description: string) => ({ description, content: { 'application/json': { schema: ref('JsonRpcResponse') } } });

/** The path item of POST /rpc. */
export function jsonRpcPathItem() {
  return {
    servers: [{ url: '/', description: 'The server root: the JSON-RPC endpoint is not under /api/v1' }],
    post: {
      operationId: 'solanaJsonRpc',
      tags: ['chain'],
      summary: 'Solana JSON-RPC 2.0 over the embedded chain (one call or a batch)',
      description: [
        "Answers Solana's JSON-RPC like a validator, so Solana's official clients work against the product unchanged; the same path upgrades to Solana's PubSub websocket (docs/chain.md lists the methods, encodings and subscriptions).",
        '',
        'Reads need no authentication, from any origin. `requestAirdrop` and `sendTransaction` run only for a client on this host or one sending the Bearer token of a live session (else the JSON-RPC error -32099), and are limited to 30 a minute per remote client (HTTP 429). A server using SOLANA_RPC_URL instead of the embedded chain answers every call with -32601.',
      ].join('\n'),
      security: [{}, { bearerAuth: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: oneOrBatch('JsonRpcRequest') } } },
      responses: {
        200: {
          description: 'The answer, or the answers of a batch (calls that failed carry their error object)',
          content: { 'application/json': { schema: oneOrBatch('JsonRpcResponse') } },
        },
        204: { description: 'The body held notifications only: nothing to answer' },
        413: jsonRpcError('The body is too large: a JSON-RPC invalid-request error'),
        429: {
          ...jsonRpcError('Too many chain-changing calls from this client: a JSON-RPC invalid-request error'),
          headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } } },
        },
      },
    },
  };
}
