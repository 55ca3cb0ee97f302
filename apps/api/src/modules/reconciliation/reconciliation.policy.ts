// What each resolution means for each kind of discrepancy (docs/reconciliation.md "Resolutions").
// The one rule above the others: no resolution may create a tonne — neither mint supply on chain
// nor count in the ledger tonnes that no locked VCU backs. A direction that would is refused.
import type { DiscrepancyEntityType, DiscrepancyResolution, DiscrepancyType, DomainErrorCode, ResolutionOption } from '@carbonledger/contracts';
import { movesTokens } from './reconciliation.findings';

export interface PolicyInput {
  type: DiscrepancyType;
  entityType: DiscrepancyEntityType;
  /** What the ledger recorded (a status word for a submission). */
  expected: string;
  /** The submission's kind (minting.*, retirement.*, wallet.*) for a chain_submission discrepancy. */
  submissionKind: string | null;
}

export interface PolicyOption extends ResolutionOption {
  /** Why it is refused, for the refusal's error. */
  refusal?: DomainErrorCode;
}

const RECHECK = 'Closes it only if a re-check of the chain (and the registry) agrees with the ledger now; otherwise it stays open with your reason recorded.';

const refuse = (action: DiscrepancyResolution, refusal: DomainErrorCode, explanation: string): PolicyOption => ({
  action,
  executable: false,
  explanation,
  refusal,
});
const allow = (action: DiscrepancyResolution, explanation: string): PolicyOption => ({ action, executable: true, explanation });

function tokenMintOptions(type: DiscrepancyType): PolicyOption[] {
  switch (type) {
    case 'AMOUNT_MISMATCH':
      return [
        refuse(
          'sync_to_chain',
          'RECONCILIATION__SYNC_WOULD_CREATE_TONNES',
          'Minting the missing units back would put on chain tonnes that were burned: new supply. Refused.',
        ),
        allow(
          'sync_to_database',
          "Writes a ledger adjustment down to the chain's supply (never up): the ledger accepts that these tokens no longer exist. The registry's VCUs for them stay locked until retired or released there.",
        ),
      ];
    case 'MISSING_OFF_CHAIN':
      return [
        refuse(
          'sync_to_chain',
          'RECONCILIATION__SYNC_NOT_EXECUTABLE',
          "The extra tokens are in holders' wallets; burning them needs their signature. Investigate the mint authority.",
        ),
        refuse(
          'sync_to_database',
          'RECONCILIATION__SYNC_WOULD_CREATE_TONNES',
          'Recording the extra supply as minted would count tonnes that no locked VCU backs. Refused.',
        ),
      ];
    case 'MISSING_ON_CHAIN':
      return [
        refuse('sync_to_chain', 'RECONCILIATION__SYNC_WOULD_CREATE_TONNES', 'Recreating the mint and its supply would mint new tonnes. Refused.'),
        allow('sync_to_database', 'Writes a ledger adjustment that takes the tonnes of this missing mint off the ledger (never adds any).'),
      ];
    case 'STATUS_MISMATCH':
      return [
        refuse('sync_to_chain', 'RECONCILIATION__SYNC_NOT_EXECUTABLE', 'A token has no status to sync.'),
        refuse('sync_to_database', 'RECONCILIATION__SYNC_NOT_EXECUTABLE', 'A token has no status to sync.'),
      ];
  }
}

/** Did the chain not carry out what the ledger records as confirmed? */
function chainLacksIt(input: PolicyInput): boolean {
  return input.type === 'MISSING_ON_CHAIN' || (input.type === 'STATUS_MISMATCH' && input.expected === 'confirmed');
}

function submissionOptions(input: PolicyInput): PolicyOption[] {
  const kind = input.submissionKind ?? '';
  const toChain =
    kind.startsWith('minting.') && chainLacksIt(input)
      ? refuse('sync_to_chain', 'RECONCILIATION__SYNC_WOULD_CREATE_TONNES', 'Sending a new mint-to for it would mint tonnes again. Refused.')
      : refuse(
          'sync_to_chain',
          'RECONCILIATION__SYNC_NOT_EXECUTABLE',
          'A decided transaction cannot be sent again once its blockhash expired; redo the operation on its own screen if it is still wanted.',
        );
  const toDatabase =
    kind.startsWith('retirement.') && chainLacksIt(input)
      ? refuse(
          'sync_to_database',
          'RECONCILIATION__CERTIFICATE_RESTS_ON_BURN',
          'A retirement certificate rests on this burn: the ledger cannot drop it. Resolve the retirement instead.',
        )
      : allow(
          'sync_to_database',
          movesTokens(kind)
            ? "Sets the recorded transaction's status to the chain's. The token amounts are not touched: any effect on supply stays reported on the token."
            : "Sets the recorded transaction's status to the chain's.",
        );
  return [toChain, toDatabase];
}

function registryOptions(): PolicyOption[] {
  const elsewhere = 'The registry is the other side of this difference: its VCUs are retired, released or locked in the registry, not from here.';
  return [
    refuse('sync_to_chain', 'RECONCILIATION__SYNC_NOT_EXECUTABLE', elsewhere),
    refuse('sync_to_database', 'RECONCILIATION__SYNC_NOT_EXECUTABLE', elsewhere),
  ];
}

/** The three resolutions of a discrepancy, each executable or refused with why. */
export function resolutionOptions(input: PolicyInput): PolicyOption[] {
  const syncs =
    input.entityType === 'token_mint' ? tokenMintOptions(input.type) : input.entityType === 'chain_submission' ? submissionOptions(input) : registryOptions();
  return [...syncs, allow('mark_resolved', RECHECK)];
}

export function publicOptions(options: readonly PolicyOption[]): ResolutionOption[] {
  return options.map(({ action, executable, explanation }) => ({ action, executable, explanation }));
}
