import { describe, expect, it } from 'vitest';
import { createNoopSigner, generateKeyPairSigner, getUtf8Encoder, type Blockhash } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  buildTransactionMessage,
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  getMemoInstruction,
  getMintTokensInstruction,
  findHolderTokenAccount,
  MEMO_V2_PROGRAM_ADDRESS,
  partiallySignTransaction,
  getThawTokenAccountInstruction,
  getTransferTokensInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@carbonledger/chain';
import { decodeInstructions } from './instruction-decoder';

describe('decoding a prepared transaction for the sign tool', () => {
  it('names the programs and instructions, marks signers and writable accounts, and shows amounts', async () => {
    const [owner, freeze, mintKey, receiver] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    const wallet = createNoopSigner(owner.address);
    const mint = mintKey.address;
    const source = await findHolderTokenAccount(owner.address, mint);
    const destination = await findHolderTokenAccount(receiver.address, mint);
    const message = buildTransactionMessage({
      feePayer: wallet,
      lifetime: { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 150n },
      instructions: [
        await getCreateHolderTokenAccountInstructionAsync({ payer: wallet, owner: receiver.address, mint }),
        getThawTokenAccountInstruction({ account: destination, mint, freezeAuthority: freeze }),
        getTransferTokensInstruction({ source, destination, mint, authority: wallet, amount: 42n, decimals: 0 }),
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

  it('names a priority fee, a project mint, memos of both memo programs, a SOL transfer and unknown programs', async () => {
    const [issuer, mintKey, freeze, receiver] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    const mint = mintKey.address;
    const message = buildTransactionMessage({
      feePayer: issuer,
      lifetime: { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 150n },
      priorityFee: { computeUnitLimit: 300_000, microLamportsPerComputeUnit: 10n },
      instructions: [
        ...getCreateProjectMintInstructions({
          payer: issuer,
          mint: mintKey,
          issuer,
          freezeAuthority: freeze.address,
          metadata: { name: 'Project', symbol: 'PRJ', uri: '', additionalFields: [['vintage', '2024']] },
          mintLamports: 1n,
        }),
        getMintTokensInstruction({ mint, destination: await findHolderTokenAccount(receiver.address, mint), issuer, amount: 7n, decimals: 0 }),
        getMemoInstruction('carbonledger:mint:m-1', [issuer]),
        { programAddress: MEMO_V2_PROGRAM_ADDRESS, data: getUtf8Encoder().encode('from a wallet') },
        getTransferSolInstruction({ source: issuer, destination: receiver.address, amount: 5n }),
        { programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, data: new Uint8Array() },
        { programAddress: TOKEN_PROGRAM_ADDRESS, data: new Uint8Array([3]) },
      ],
    });
    const { instructions } = decodeInstructions(await partiallySignTransaction(message));
    expect(instructions.map((instruction) => [instruction.program, instruction.name, instruction.details])).toEqual([
      ['Compute Budget', 'SetComputeUnitLimit', {}],
      ['Compute Budget', 'SetComputeUnitPrice', {}],
      ['System', 'CreateAccount', {}],
      ['Token-2022', 'MetadataPointerExtension', {}],
      ['Token-2022', 'DefaultAccountStateExtension', {}],
      ['Token-2022', 'InitializeMint', {}],
      ['Token-2022', 'TokenMetadata', {}],
      ['Token-2022', 'TokenMetadata', {}],
      ['Token-2022', 'MintToChecked', { amount: '7' }],
      ['Memo', 'Memo', { memo: 'carbonledger:mint:m-1' }],
      ['Memo', 'Memo', { memo: 'from a wallet' }],
      ['System', 'Transfer', { lamports: '5' }],
      ['Associated Token Account', 'Create', {}],
      ['Unknown program', 'Unknown', {}],
    ]);
    expect(instructions[9]!.accounts).toEqual([{ address: issuer.address, signer: true, writable: true }]);
  });
});
