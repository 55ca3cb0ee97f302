/**
 * A process the crash tests kill with SIGKILL (embedded.test.ts): it opens the embedded chain
 * at argv[2] with no snapshot timer and lands SOL transfers and token mints one after the
 * other, printing each confirmed signature and the recipient's balance as it is told of it,
 * until it is killed. Whatever it printed must still be on the chain after a reopen.
 */
import { generateKeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { openEmbeddedChain } from './embedded';
import { createProjectMint, fundedSigner, signedWire } from '../testing/helpers';
import { findHolderTokenAccount, getMintTokensInstruction, getThawTokenAccountInstruction } from '../builders/token';

const report = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const chain = openEmbeddedChain({ snapshotPath: process.argv[2]!, blockIntervalMs: 5 });
const payer = await fundedSigner(chain);
const recipient = await generateKeyPairSigner();
const { mint, freeze } = await createProjectMint(chain, payer, { name: 'Crash Project', symbol: 'CRSH', uri: '' }, [recipient.address]);
const account = await findHolderTokenAccount(recipient.address, mint.address);
await chain.sendAndConfirm(await signedWire(chain, payer, [getThawTokenAccountInstruction({ account, mint: mint.address, freezeAuthority: freeze })]));
// Signed now, sent by the test after the crash: its blockhash was handed out before the kill.
const signedBeforeCrash = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1n })]);
report({ ready: true, mint: mint.address, recipient: recipient.address, account, signedBeforeCrash });

for (let step = 1; ; step++) {
  const instruction =
    step % 2 === 0
      ? getMintTokensInstruction({ mint: mint.address, destination: account, issuer: payer, amount: 1n, decimals: 0 })
      : getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n });
  const outcome = await chain.sendAndConfirm(await signedWire(chain, payer, [instruction]));
  if (outcome.status !== 'confirmed') throw new Error(`step ${step}: ${outcome.status}`);
  if (step % 50 === 0) await chain.flush();
  report({
    step,
    signature: outcome.signature,
    lamports: String(await chain.getBalance(recipient.address)),
    tokens: String((await chain.getTokenAccount(account))!.amount),
  });
}
