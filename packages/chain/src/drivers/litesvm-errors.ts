import type { FailedTransactionMetadata } from 'litesvm';
import type { TransactionErrorJson } from '../transaction-error';

/** Variant names of Solana's TransactionError, in LiteSVM's numeric order. */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

/** Variant names of Solana's InstructionError without fields, in LiteSVM's numeric order. */
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

/**
 * Errors that stop a transaction before it lands (no fee charged, no status recorded):
 * the cluster refuses such a transaction instead of recording it as failed.
 */
export const REJECTING_ERRORS = new Set<string>([
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'BlockhashNotFound',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'SanitizeFailure',
  'UnsupportedVersion',
  'TooManyAccountLocks',
  'ResanitizationNeeded',
]);

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>;

function instructionErrorToJson(detail: unknown): unknown {
  if (typeof detail === 'number') return INSTRUCTION_ERRORS[detail] ?? `InstructionError${detail}`;
  if (detail && typeof detail === 'object' && 'code' in detail) return { Custom: Number(detail.code) };
  if (detail && typeof detail === 'object' && 'msg' in detail) return { BorshIoError: String(detail.msg) };
  return 'GenericError';
}

/** LiteSVM's error objects in the JSON shape the RPC uses. */
export function liteSvmErrorToJson(err: LiteSvmError): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`;
  const fields = err as unknown as { index?: number; accountIndex?: number; err?: () => unknown };
  if (typeof fields.err === 'function' && typeof fields.index === 'number') return { InstructionError: [fields.index, instructionErrorToJson(fields.err())] };
  if (typeof fields.index === 'number') return { DuplicateInstruction: fields.index };
  if (typeof fields.accountIndex === 'number') {
    const kind = err.toString().includes('Restricted') ? 'ProgramExecutionTemporarilyRestricted' : 'InsufficientFundsForRent';
    return { [kind]: { account_index: fields.accountIndex } };
  }
  return err.toString();
}
