import type { TransactionStatus, TransactionView } from '@carbonledger/contracts';
import { explorerUrl, type ExplorerTarget } from '../../lib/explorer';
import type { ChainTransfer } from './transactions.chain';
import type * as repository from './transactions.repository';

// How each record (a mint operation, a batch chunk, a retirement's burn, a transfer read from
// the chain) reads as an entry of the transactions list.

/** A transaction before its fee is read from the chain (only the page shown needs it). */
export type Draft = Omit<TransactionView, 'feeLamports' | 'feeSol'> & { feeLamports: bigint | null };

/** Base units as tCO2e text: 1500 with 2 decimals is "15". */
function tonnes(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const scale = 10n ** BigInt(decimals);
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${amount / scale}.${fraction}` : (amount / scale).toString();
}

/** A chunk is one mint-to: done once minted, otherwise as far as its job got. */
function chunkStatus(row: repository.BatchChunkRow): TransactionStatus {
  if (row.minted) return 'completed';
  if (row.jobStatus === 'pending' || row.jobStatus === 'failed') return row.jobStatus;
  return 'processing';
}

const BURN_STATUS: Record<repository.BurnRow['status'], TransactionStatus> = {
  awaiting_approval: 'pending',
  pending: 'pending',
  awaiting_signature: 'pending',
  scheduled: 'pending',
  processing: 'processing',
  completed: 'completed',
  failed: 'failed',
  // Never listed: the list and the burn look-ups leave cancelled retirements out (they never reached the chain).
  cancelled: 'failed',
};

export function mintDraft(explorer: ExplorerTarget, row: repository.MintOperationRow): Draft {
  const amount = row.quantity * 10n ** BigInt(row.decimals);
  return {
    id: `mint-${row.id}`,
    type: 'mint',
    status: row.status,
    project: row.projectName,
    projectId: row.projectId,
    tokenMint: row.mintAddress,
    tokenSymbol: row.symbol,
    amount: amount.toString(),
    decimals: row.decimals,
    hash: row.signature,
    date: (row.completedAt ?? row.createdAt).toISOString(),
    feeLamports: null,
    from: row.mintAddress,
    to: row.walletAddress,
    description: `Minted ${row.quantity} ${row.symbol} of ${row.projectName} (vintage ${row.vintage})${row.error ? `: ${row.error}` : ''}`,
    explorerUrl: row.signature ? explorerUrl(explorer, 'tx', row.signature) : null,
    walletAddress: row.walletAddress,
    certificateId: null,
  };
}

/**
 * Every row names a token's project the same way: by the project's name, as mints and burns do
 * (they record it). Batch chunks and chain transfers only know the project id, so its name is
 * looked up; only a project whose name is nowhere falls back to the token's own name.
 */
export type ProjectNames = ReadonlyMap<string, string>;

export function batchDraft(explorer: ExplorerTarget, row: repository.BatchChunkRow, projectNames: ProjectNames): Draft {
  const decimals = row.decimals ?? 0;
  return {
    id: `batch-${row.jobId}-${row.chunk}`,
    type: 'mint',
    status: chunkStatus(row),
    project: projectNames.get(row.projectId) ?? row.tokenName,
    projectId: row.projectId,
    tokenMint: row.mintAddress,
    tokenSymbol: row.symbol,
    amount: (row.units * 10n ** BigInt(decimals)).toString(),
    decimals,
    hash: row.signature,
    date: (row.completedAt ?? row.createdAt).toISOString(),
    feeLamports: null,
    from: row.mintAddress,
    to: row.walletAddress,
    description: `Batch minting: ${row.units} tCO2e of project ${row.projectId} (vintage ${row.vintage}), ${row.blocks} VCU block${row.blocks === 1 ? '' : 's'}${!row.minted && row.jobError ? `: ${row.jobError}` : ''}`,
    explorerUrl: row.signature ? explorerUrl(explorer, 'tx', row.signature) : null,
    walletAddress: row.walletAddress,
    certificateId: null,
  };
}

export function burnDraft(explorer: ExplorerTarget, row: repository.BurnRow): Draft {
  return {
    id: `burn-${row.id}`,
    type: 'burn',
    status: BURN_STATUS[row.status],
    project: row.projectName,
    projectId: row.projectId,
    tokenMint: row.tokenMint,
    tokenSymbol: row.tokenSymbol,
    amount: row.amount.toString(),
    decimals: row.decimals,
    hash: row.signature,
    date: (row.completedAt ?? row.createdAt).toISOString(),
    feeLamports: null,
    from: row.walletAddress,
    to: null,
    description: `Retired ${tonnes(row.amount, row.decimals)} ${row.tokenSymbol} of ${row.projectName} (vintage ${row.vintage}), certificate ${row.certificateNumber}${row.error ? `: ${row.error}` : ''}`,
    explorerUrl: row.signature ? explorerUrl(explorer, 'tx', row.signature) : null,
    walletAddress: row.walletAddress,
    certificateId: row.status === 'completed' ? row.certificateId : null,
  };
}

function chainMovementText(transfer: ChainTransfer, what: string, memos: string): string {
  if (transfer.direction === 'burned') return `Burned ${what} on chain, outside the platform (no retirement, no certificate)${memos}`;
  if (transfer.direction === 'sent') return `Sent ${what} to ${transfer.counterparty ?? 'another wallet'}${memos}`;
  return `Received ${what} from ${transfer.counterparty ?? 'another wallet'}${memos}`;
}

export function transferDraft(
  explorer: ExplorerTarget,
  transfer: ChainTransfer,
  token: repository.TokenMintRow | undefined,
  projectNames: ProjectNames,
): Draft {
  const sent = transfer.direction !== 'received';
  const projectId = token?.projectReference?.split(':')[1] ?? null;
  const symbol = token?.symbol ?? null;
  const memos = transfer.memos.length ? ` (memo: ${transfer.memos.join('; ')})` : '';
  const what = `${tonnes(transfer.amount, transfer.decimals)} ${symbol ?? 'tokens'}`;
  return {
    // The direction keeps the two sides of a transfer between two wallets of one company apart.
    id: `${transfer.direction === 'burned' ? 'burn' : transfer.direction}-${transfer.signature}`,
    type: transfer.direction === 'burned' ? 'burn' : transfer.direction,
    status: 'completed',
    project: (projectId && projectNames.get(projectId)) ?? token?.name ?? null,
    projectId,
    tokenMint: transfer.mint,
    tokenSymbol: symbol,
    amount: transfer.amount.toString(),
    decimals: transfer.decimals,
    hash: transfer.signature,
    date: new Date((transfer.blockTime ?? Math.floor(Date.now() / 1000)) * 1000).toISOString(),
    feeLamports: transfer.fee,
    from: sent ? transfer.walletAddress : transfer.counterparty,
    to: sent ? transfer.counterparty : transfer.walletAddress,
    description: chainMovementText(transfer, what, memos),
    explorerUrl: explorerUrl(explorer, 'tx', transfer.signature),
    walletAddress: transfer.walletAddress,
    certificateId: null,
  };
}
