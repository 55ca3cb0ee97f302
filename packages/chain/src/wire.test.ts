import { describe, expect, it } from 'vitest';
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { fromWireTransaction, messageBlockhash, summarizeMessage, toWireTransaction } from './wire';

const blockhash = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash;

describe('wire helpers', () => {
  it.each(['legacy', 0] as const)('reads the blockhash, fee payer and signers of a %s message', async (version) => {
    const payer = await generateKeyPairSigner();
    const other = await generateKeyPairSigner();
    const transaction = compileTransaction(
      pipe(
        createTransactionMessage({ version }),
        (message) => setTransactionMessageFeePayerSigner(payer, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 10n }, message),
        (message) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: other, destination: payer.address, amount: 1n })], message),
      ),
    );
    expect(messageBlockhash(transaction.messageBytes)).toBe(blockhash);
    expect(summarizeMessage(transaction)).toEqual({ feePayer: payer.address, blockhash, signers: [payer.address, other.address] });
    const wire = toWireTransaction(transaction);
    expect(toWireTransaction(fromWireTransaction(wire))).toBe(wire);
  });

  it('refuses bytes that are not a transaction', () => {
    expect(() => fromWireTransaction(Buffer.from('not a transaction').toString('base64'))).toThrow();
  });
});
