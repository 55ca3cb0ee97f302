import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  AccountRole,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { TransactionDecodeError, decodeTransactionBase64, isSignedBy } from './decode-transaction';
import { explorerTransactionUrl } from '../../lib/sign-with-wallet';

const MEMO = address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo');

async function prepared() {
  const payer = await generateKeyPairSigner();
  const cosigner = await generateKeyPairSigner();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer.address), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 100n }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          {
            programAddress: MEMO,
            accounts: [{ address: cosigner.address, role: AccountRole.READONLY_SIGNER }],
            data: new TextEncoder().encode('Carbonledger wallet verification'),
          },
        ],
        m,
      ),
  );
  const transaction = await partiallySignTransaction([cosigner.keyPair], compileTransaction(message));
  return { payer, cosigner, base64: getBase64EncodedWireTransaction(transaction) };
}

describe('decoding a prepared transaction in the browser', () => {
  it('shows fee payer, programs, accounts with their roles, data length and which signatures are in place', async () => {
    const { payer, cosigner, base64 } = await prepared();
    const decoded = decodeTransactionBase64(base64);
    expect(decoded.feePayer).toBe(payer.address);
    expect(decoded.version).toBe('0');
    expect(decoded.instructions).toEqual([
      { programAddress: MEMO, program: 'Memo v1', accounts: [{ address: cosigner.address, signer: true, writable: false }], dataLength: 32 },
    ]);
    expect(isSignedBy(decoded, cosigner.address)).toBe(true);
    expect(isSignedBy(decoded, payer.address)).toBe(false);
  });

  it('refuses text that is not a transaction', () => {
    expect(() => decodeTransactionBase64('aGVsbG8gd29ybGQ=')).toThrow(TransactionDecodeError);
  });

  it("links a signature to the explorer reading this server's /rpc on the embedded chain, devnet otherwise", () => {
    expect(explorerTransactionUrl('sig1', true, 'http://127.0.0.1:3000')).toBe(
      'https://explorer.solana.com/tx/sig1?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A3000%2Frpc',
    );
    expect(explorerTransactionUrl('sig1', false)).toBe('https://explorer.solana.com/tx/sig1?cluster=devnet');
  });
});
