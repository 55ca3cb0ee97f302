import { randomUUID } from 'node:crypto';
import { address, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import {
  getApproveDelegateInstruction,
  certificateMintLayout,
  findHolderTokenAccount,
  getMemoInstruction,
  getRetireWithCertificateInstructionsAsync,
  getRevokeDelegateInstruction,
  type TokenMetadataInput,
} from '@carbonledger/chain';
import { retirementMemo } from '../certificates';
import {
  prepareTransaction,
  sendPlatformTransaction,
  type ChainContext,
  type PlatformSigners,
  type PreparedTransaction,
  type SubmissionResult,
} from '../chain';

/** Kinds in chain_submissions; every one carries `reference.retirementId`. */
export const RETIREMENT_KINDS = {
  /** BurnChecked + Memo + the certificate, by the holder (now) or the delegate (scheduled). */
  burn: 'retirement.burn',
  /** ApproveChecked of the retirement delegate for the account's scheduled sum. */
  approve: 'retirement.approve',
  /** The allowance after a cancellation: the reduced sum approved again, or Revoke at zero. */
  allowance: 'retirement.allowance',
} as const;

export interface BurnSpec {
  tenantId: string;
  retirementId: string;
  holder: string;
  tokenMint: string;
  decimals: number;
  amount: bigint;
  /** The certificate's mint key, generated for this transaction; its address is recorded before sending. */
  certificateMint: TransactionSigner;
  metadata: TokenMetadataInput;
  createdBy: string | null;
}

async function burnInstructions(
  context: ChainContext,
  spec: BurnSpec,
  signers: { burnAuthority: TransactionSigner; payer: TransactionSigner; issuer: TransactionSigner },
): Promise<Instruction[]> {
  const projectMint = address(spec.tokenMint);
  const holder = address(spec.holder);
  return getRetireWithCertificateInstructionsAsync({
    account: await findHolderTokenAccount(holder, projectMint),
    projectMint,
    decimals: spec.decimals,
    burnAuthority: signers.burnAuthority,
    amount: spec.amount,
    memo: retirementMemo(spec.retirementId),
    certificate: {
      payer: signers.payer,
      certificateMint: spec.certificateMint,
      issuer: signers.issuer,
      holder,
      metadata: spec.metadata,
      mintLamports: await context.chain.getMinimumBalanceForRentExemption(certificateMintLayout(spec.metadata).finalSize),
    },
  });
}

function burnReference(spec: BurnSpec) {
  return { retirementId: spec.retirementId, certificateMint: spec.certificateMint.address, amount: spec.amount.toString() };
}

/** The burn + certificate for an external wallet to sign; the certificate mint and the issuer have signed already. */
export function prepareHolderBurn(context: ChainContext, spec: BurnSpec): Promise<PreparedTransaction> {
  return prepareTransaction(context, {
    tenantId: spec.tenantId,
    kind: RETIREMENT_KINDS.burn,
    wallet: address(spec.holder),
    reference: burnReference(spec),
    createdBy: spec.createdBy,
    build: ({ wallet, platform }) => burnInstructions(context, spec, { burnAuthority: wallet, payer: wallet, issuer: platform.issuer }),
  });
}

/** The burn + certificate signed on the server: by a platform-managed holder, or by the retirement delegate of a scheduled retirement. */
export function sendPlatformBurn(
  context: ChainContext,
  spec: BurnSpec,
  authority: { managedHolder: TransactionSigner } | 'retirement_delegate',
): Promise<SubmissionResult> {
  const feePayer = authority === 'retirement_delegate' ? 'retirement_delegate' : 'issuer';
  return sendPlatformTransaction(context, {
    tenantId: spec.tenantId,
    kind: RETIREMENT_KINDS.burn,
    feePayer,
    reference: burnReference(spec),
    createdBy: spec.createdBy,
    build: (platform) =>
      burnInstructions(context, spec, {
        burnAuthority: authority === 'retirement_delegate' ? platform.retirement_delegate : authority.managedHolder,
        payer: platform[feePayer],
        issuer: platform.issuer,
      }),
  });
}

export interface AllowanceSpec {
  tenantId: string;
  retirementId: string;
  kind: typeof RETIREMENT_KINDS.approve | typeof RETIREMENT_KINDS.allowance;
  holder: string;
  tokenMint: string;
  decimals: number;
  /** The whole allowance the delegate must have afterwards; 0 revokes. */
  amount: bigint;
  createdBy: string | null;
}

async function allowanceInstructions(spec: AllowanceSpec, owner: TransactionSigner, platform: PlatformSigners): Promise<Instruction[]> {
  const mint = address(spec.tokenMint);
  const account = await findHolderTokenAccount(address(spec.holder), mint);
  // The same allowance prepared twice within one blockhash would be a byte-identical transaction (one signature,
  // dropped by the cluster as already processed): the memo names the retirement and is one-off.
  const memo = getMemoInstruction(`carbonledger:${spec.kind}:${spec.retirementId}:${randomUUID()}`);
  if (spec.amount === 0n) return [getRevokeDelegateInstruction({ account, owner }), memo];
  return [
    getApproveDelegateInstruction({ account, mint, owner, delegate: platform.retirement_delegate.address, amount: spec.amount, decimals: spec.decimals }),
    memo,
  ];
}

function allowanceReference(spec: AllowanceSpec) {
  return { retirementId: spec.retirementId, amount: spec.amount.toString() };
}

export function prepareHolderAllowance(context: ChainContext, spec: AllowanceSpec): Promise<PreparedTransaction> {
  return prepareTransaction(context, {
    tenantId: spec.tenantId,
    kind: spec.kind,
    wallet: address(spec.holder),
    reference: allowanceReference(spec),
    createdBy: spec.createdBy,
    build: ({ wallet, platform }) => allowanceInstructions(spec, wallet, platform),
  });
}

export function sendManagedAllowance(context: ChainContext, spec: AllowanceSpec, managedHolder: TransactionSigner): Promise<SubmissionResult> {
  return sendPlatformTransaction(context, {
    tenantId: spec.tenantId,
    kind: spec.kind,
    feePayer: 'issuer',
    reference: allowanceReference(spec),
    createdBy: spec.createdBy,
    build: (platform) => allowanceInstructions(spec, managedHolder, platform),
  });
}

export async function tokenBalanceOf(context: ChainContext, holder: string, tokenMint: string): Promise<bigint> {
  const account = await context.chain.getTokenAccount(await findHolderTokenAccount(address(holder), address(tokenMint)));
  return account?.amount ?? 0n;
}

export async function allowanceOf(context: ChainContext, holder: string, tokenMint: string): Promise<{ delegate: Address | null; amount: bigint }> {
  const account = await context.chain.getTokenAccount(await findHolderTokenAccount(address(holder), address(tokenMint)));
  return { delegate: account?.delegate ?? null, amount: account?.delegatedAmount ?? 0n };
}
