import { describe, expect, it } from 'vitest';
import { cidSchema } from '@carbonledger/contracts';
import { cidOf } from './cid';

describe('cidOf', () => {
  // Published IPFS vectors: `ipfs add --cid-version 1 --raw-leaves` of "hello world" and of nothing.
  it.each([
    ['hello world', 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'],
    ['', 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku'],
  ])('gives the IPFS CIDv1 of %j', (content, cid) => {
    expect(cidOf(Buffer.from(content))).toBe(cid);
    expect(cidSchema.safeParse(cid).success).toBe(true);
  });

  it('differs when one byte differs', () => {
    expect(cidOf(Buffer.from('hello worle'))).not.toBe(cidOf(Buffer.from('hello world')));
  });
});
