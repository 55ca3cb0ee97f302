// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@carbonledger/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { requestAirdrop } from './rpc';

describe('local JSON-RPC calls', () => {
  afterEach(() => localStorage.clear());

  it("ask the faucet with the signed-in session's Bearer token, which the server requires from another host", async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
    const sent: Request[] = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input instanceof Request ? input : new URL(String(input), 'http://localhost'), init));
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'signature' }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    expect(await requestAirdrop('11111111111111111111111111111111', 2_000_000_000n, fetcher)).toBe('signature');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer token-1');
  });
});
