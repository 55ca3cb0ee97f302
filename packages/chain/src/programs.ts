import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from '@solana-program/compute-budget';
import { LEGACY_MEMO_PROGRAM_ADDRESS_V1, LEGACY_MEMO_PROGRAM_ADDRESS_V3 } from '@solana-program/memo';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import { address, type Address } from '@solana/kit';

// The browser imports this module (`@carbonledger/chain/programs`): no Node-only code here.

export { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, COMPUTE_BUDGET_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS };

/**
 * SPL Memo v1, the memo program the product sends: deployed on every cluster and runnable in
 * LiteSVM 1.5, whose bundled Memo v2 binary fails with InvalidProgramForExecution (docs/chain.md).
 */
export const MEMO_PROGRAM_ADDRESS = LEGACY_MEMO_PROGRAM_ADDRESS_V1;

/** SPL Memo v2 (`MemoSq4g…`, the memo client's LEGACY_MEMO_PROGRAM_ADDRESS_V3): what most wallets send. */
export const MEMO_V2_PROGRAM_ADDRESS = LEGACY_MEMO_PROGRAM_ADDRESS_V3;

/** The legacy SPL Token program: the product uses Token-2022 only, but a wallet's transaction may name it. */
export const TOKEN_PROGRAM_ADDRESS = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

/** The memo programs whose notes the product reads (history, the sign tool). */
export const MEMO_PROGRAM_ADDRESSES: readonly Address[] = [MEMO_PROGRAM_ADDRESS, MEMO_V2_PROGRAM_ADDRESS];

export function isMemoProgram(programAddress: string): boolean {
  return (MEMO_PROGRAM_ADDRESSES as readonly string[]).includes(programAddress);
}

/**
 * The programs the platform's transactions use, plus those a wallet's transaction commonly
 * names, with the name a person reads. The one list of program addresses: the chain layer,
 * the API's instruction decoder and the browser's transaction decoder all read it.
 */
export const KNOWN_PROGRAMS: Readonly<Record<Address, string>> = {
  [SYSTEM_PROGRAM_ADDRESS]: 'System',
  [COMPUTE_BUDGET_PROGRAM_ADDRESS]: 'Compute Budget',
  [TOKEN_2022_PROGRAM_ADDRESS]: 'Token-2022',
  [TOKEN_PROGRAM_ADDRESS]: 'SPL Token',
  [ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: 'Associated Token Account',
  [MEMO_PROGRAM_ADDRESS]: 'Memo v1',
  [MEMO_V2_PROGRAM_ADDRESS]: 'Memo',
};

/** The name of a known program; null for any other address. */
export function knownProgramName(programAddress: string): string | null {
  return Object.hasOwn(KNOWN_PROGRAMS, programAddress) ? KNOWN_PROGRAMS[programAddress as Address]! : null;
}
