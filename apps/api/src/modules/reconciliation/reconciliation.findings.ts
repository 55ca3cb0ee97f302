// What counts as a difference between the ledger, the chain and the registry (docs/reconciliation.md
// "What is compared"): pure comparisons, shared by the passes and the re-check after a resolution.
import type { ChainPresence } from '../chain';
import type * as repository from './reconciliation.repository';

/** Token-moving transactions are what the ledger's figures rest on; the rest (wallet approvals, memos) weigh less. */
export function movesTokens(kind: string): boolean {
  return kind.startsWith('minting.') || kind.startsWith('retirement.');
}

export function submissionFinding(
  row: repository.DecidedSubmissionRow,
  presence: ChainPresence,
  resendOutcome: string | null,
): repository.DiscrepancyFinding | null {
  const base = { tenantId: row.tenantId, companyId: row.companyId, entityType: 'chain_submission' as const, entityId: row.id, tokenMint: null, project: null };
  const tokens = movesTokens(row.kind);
  if (row.status === 'confirmed' && presence.state === 'failed') {
    return {
      ...base,
      type: 'STATUS_MISMATCH',
      severity: tokens ? 'critical' : 'high',
      expected: 'confirmed',
      actual: `failed: ${presence.error}`,
      description: `Transaction ${row.kind} ${row.signature} is recorded as confirmed but failed on chain (${presence.error}).`,
    };
  }
  if (row.status === 'confirmed' && presence.state === 'absent') {
    return {
      ...base,
      type: 'MISSING_ON_CHAIN',
      severity: tokens ? 'critical' : 'high',
      expected: 'confirmed',
      actual: 'not found',
      description: `Transaction ${row.kind} ${row.signature} is recorded as confirmed but the chain does not have it${resendOutcome ? ` (${resendOutcome})` : ''}.`,
    };
  }
  if (row.status !== 'confirmed' && presence.state === 'landed') {
    return {
      ...base,
      type: 'STATUS_MISMATCH',
      severity: tokens ? 'high' : 'medium',
      expected: row.status,
      actual: 'confirmed',
      description: `Transaction ${row.kind} ${row.signature} is recorded as ${row.status} but landed on chain.`,
    };
  }
  return null;
}

/**
 * The range of supplies the ledger explains: minted − retired + adjustments (never above zero),
 * widened by what is being minted or retired right now.
 */
export function ledgerRange(row: repository.MintLedgerRow): { expected: bigint; low: bigint; high: bigint } {
  const scale = 10n ** BigInt(row.decimals);
  const expected = row.mintedTonnes * scale - row.retired + row.adjusted;
  return { expected, low: expected - row.retiring, high: expected + row.mintingTonnes * scale };
}

function mintBase(row: repository.MintLedgerRow) {
  return { tenantId: row.tenantId, companyId: null, tokenMint: row.mintAddress, project: row.name };
}

/**
 * A mint's supply on chain against the ledger read before (`first`) and after (`later`) the
 * chain: only a supply outside both ranges counts, so a mint or a retirement that finished in
 * between is not taken for a difference. A mint the chain does not have is a difference unless
 * the ledger holds nothing of it any more (its tonnes were written off by an adjustment).
 */
export function supplyFinding(first: repository.MintLedgerRow, later: repository.MintLedgerRow, supply: bigint | null): repository.DiscrepancyFinding | null {
  const before = ledgerRange(first);
  const after = ledgerRange(later);
  const expected = after.expected;
  const base = { ...mintBase(first), entityType: 'token_mint' as const, entityId: first.mintAddress, expected: expected.toString() };
  if (supply === null) {
    if (expected === 0n && after.high === 0n) return null;
    return {
      ...base,
      type: 'MISSING_ON_CHAIN',
      severity: 'critical',
      actual: 'not found',
      description: `Token ${first.symbol} (${first.mintAddress}) is recorded but its mint does not exist on chain.`,
    };
  }
  if (supply < before.low && supply < after.low) {
    return {
      ...base,
      type: 'AMOUNT_MISMATCH',
      severity: 'high',
      actual: supply.toString(),
      description: `The supply of ${first.symbol} on chain is ${expected - supply} base units below the ledger (minted − retired): burned outside the platform.`,
    };
  }
  if (supply > before.high && supply > after.high) {
    return {
      ...base,
      type: 'MISSING_OFF_CHAIN',
      severity: 'critical',
      actual: supply.toString(),
      description: `The supply of ${first.symbol} on chain is ${supply - expected} base units above the ledger (minted − retired): minted outside the platform.`,
    };
  }
  return null;
}

/**
 * The registry side (issue 16 item 7), per mint (a project and vintage), in tonnes: the VCUs
 * locked (tokenised, not retired) against the ledger's minted − retired − adjusted, and the VCUs
 * retired against the completed retirements. Both sides change in the same database
 * transactions (a mint chunk tokenises its blocks, a retirement's completion retires them), so
 * only work in flight is tolerated. Locked below the ledger is the worst case: tonnes no VCU backs.
 */
export function registryFindings(row: repository.MintLedgerRow): repository.DiscrepancyFinding[] {
  const scale = 10n ** BigInt(row.decimals);
  const range = ledgerRange(row);
  const locked = row.registryLocked * scale;
  const retiredInRegistry = row.registryRetired * scale;
  const findings: repository.DiscrepancyFinding[] = [];
  if (locked < range.low || locked > range.high) {
    const unbacked = locked < range.low;
    findings.push({
      ...mintBase(row),
      entityType: 'registry_locked',
      entityId: row.mintAddress,
      type: 'AMOUNT_MISMATCH',
      severity: unbacked ? 'critical' : 'medium',
      expected: range.expected.toString(),
      actual: locked.toString(),
      description: unbacked
        ? `The registry holds ${row.registryLocked} tCO2e of VCUs locked for ${row.symbol}, fewer than the ledger's ${range.expected} base units: tokens no locked VCU backs.`
        : `The registry holds ${row.registryLocked} tCO2e of VCUs locked for ${row.symbol}, more than the ledger's ${range.expected} base units: retire or release the difference in the registry.`,
    });
  }
  // A retirement in flight may have retired its VCUs or not yet (its completion does both).
  if (retiredInRegistry > row.retired + row.retiring || retiredInRegistry < row.retired) {
    const onlyInRegistry = retiredInRegistry > row.retired;
    findings.push({
      ...mintBase(row),
      entityType: 'registry_retired',
      entityId: row.mintAddress,
      type: onlyInRegistry ? 'MISSING_ON_CHAIN' : 'MISSING_OFF_CHAIN',
      severity: 'high',
      expected: row.retired.toString(),
      actual: retiredInRegistry.toString(),
      description: onlyInRegistry
        ? `The registry reports ${row.registryRetired} tCO2e of ${row.symbol} retired, more than the retirements burned on chain (${row.retired} base units).`
        : `Retirements of ${row.symbol} burned on chain (${row.retired} base units) are not all reported to the registry (${row.registryRetired} tCO2e retired there).`,
    });
  }
  return findings;
}
