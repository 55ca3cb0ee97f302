import { describe, expect, it } from 'vitest';
import { createNoopSigner, generateKeyPairSigner, type Blockhash } from '@solana/kit';
import {
  buildTransactionMessage,
  createHolderTokenAccountInstruction,
  findHolderTokenAccount,
  partiallySignTransaction,
  thawTokenAccountInstruction,
  transferInstruction,
} from '@carbonledger/chain';
import { decodeInstructions } from './instruction-decoder';

describe('decoding a prepared transaction for the sign tool', () => {
  it('names the programs and instructions, marks signers and writable accounts, and shows amounts', async () => {
    const [owner, freeze, mintKey, receiver] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner()]);
    const wallet = createNoopSigner(owner.address);
    const mint = mintKey.address;
    const source = await findHolderTokenAccount(owner.address, mint);
    const destination = await findHolderTokenAccount(receiver.address, mint);
    const message = buildTransactionMessage({
      feePayer: wallet,
      lifetime: { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 150n },
      instructions: [
        await createHolderTokenAccountInstruction({ payer: wallet, owner: receiver.address, mint }),
        thawTokenAccountInstruction({ account: destination, mint, freezeAuthority: freeze }),
        transferInstruction({ source, destination, mint, authority: wallet, amount: 42n, decimals: 0 }),
      ],
    });
    const { feePayer, instructions } = decodeInstructions(await partiallySignTransaction(message));
    expect(feePayer).toBe(owner.address);
    expect(instructions.map((instruction) => [instruction.program, instruction.name])).toEqual([
      ['Associated Token Account', 'CreateIdempotent'],
      ['Token-2022', 'ThawAccount'],
      ['Token-2022', 'TransferChecked'],
    ]);
    expect(instructions[1]!.accounts).toEqual([
      { address: destination, signer: false, writable: true },
      { address: mint, signer: false, writable: false },
      { address: freeze.address, signer: true, writable: false },
    ]);
    expect(instructions[2]!.details).toEqual({ amount: '42' });
  });
});
