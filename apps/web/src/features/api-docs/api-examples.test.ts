import { describe, expect, it } from 'vitest';
import { curlExample, fetchExample, keyOperations } from './api-examples';
import { sampleDocument } from './api-examples.testing';

describe('API examples generated from the OpenAPI document', () => {
  it('lists only the operations an API key opens, with a body of their required fields and their Idempotency-Key', () => {
    const operations = keyOperations(sampleDocument);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(['GET /api/v1/transactions/{id}', 'POST /api/v1/minting/mint']);
    expect(operations[0]).toMatchObject({ body: null, idempotent: false });
    expect(operations[1]).toMatchObject({ body: { walletId: '00000000-0000-0000-0000-000000000000', quantity: 1, note: '…' }, idempotent: true });
  });

  it('writes a curl command and a fetch call that authenticate with the key', () => {
    const [get, mint] = keyOperations(sampleDocument);
    expect(curlExample(get!, 'https://carbon.example')).toBe(
      'curl -sS -X GET "https://carbon.example/api/v1/transactions/<id>" \\\n  -H "Authorization: Bearer $CARBONLEDGER_API_KEY"',
    );
    const curl = curlExample(mint!, 'https://carbon.example');
    expect(curl).toContain('-H "Idempotency-Key: $(uuidgen)"');
    expect(curl).toContain(`-d '{"walletId":"00000000-0000-0000-0000-000000000000","quantity":1,"note":"…"}'`);

    const code = fetchExample(mint!, 'https://carbon.example');
    expect(code).toContain("const response = await fetch('https://carbon.example/api/v1/minting/mint', {");
    expect(code).toContain("method: 'POST'");
    expect(code).toContain("'Idempotency-Key': crypto.randomUUID(),");
    expect(code).toContain("response.headers.get('Retry-After')");
    // The body in the example is the JSON the API expects.
    const body = /JSON\.stringify\(([\s\S]*?)\),\n\}\);/.exec(code)![1]!;
    expect(JSON.parse(body)).toEqual(mint!.body);
    expect(fetchExample(get!, 'https://carbon.example')).not.toContain('body:');
  });
});
