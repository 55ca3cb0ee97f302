import { getBase58Decoder, isSome, type Address, type Decoder, type Option, type ReadonlyUint8Array } from '@solana/kit';
import { getAddMemoInstructionDataDecoder } from '@solana-program/memo';
import {
  getAllocateInstructionDataDecoder,
  getAssignInstructionDataDecoder,
  getCreateAccountInstructionDataDecoder,
  getTransferSolInstructionDataDecoder,
  identifySystemInstruction,
  SystemInstruction,
} from '@solana-program/system';
import {
  AuthorityType,
  getApproveCheckedInstructionDataDecoder,
  getApproveInstructionDataDecoder,
  getBurnCheckedInstructionDataDecoder,
  getBurnInstructionDataDecoder,
  getInitializeAccount3InstructionDataDecoder,
  getInitializeDefaultAccountStateInstructionDataDecoder,
  getInitializeMetadataPointerInstructionDataDecoder,
  getInitializeMint2InstructionDataDecoder,
  getInitializeTokenMetadataInstructionDataDecoder,
  getMintToCheckedInstructionDataDecoder,
  getMintToInstructionDataDecoder,
  getSetAuthorityInstructionDataDecoder,
  getTransferCheckedInstructionDataDecoder,
  getTransferInstructionDataDecoder,
  getUpdateTokenMetadataFieldInstructionDataDecoder,
  getUpdateTokenMetadataUpdateAuthorityInstructionDataDecoder,
  identifyAssociatedTokenInstruction,
  identifyToken2022Instruction,
  AccountState,
  AssociatedTokenInstruction,
  Token2022Instruction,
} from '@solana-program/token-2022';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  isMemoProgram,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@carbonledger/chain';
import { uiTokenAmount } from './json-rpc.accounts';

/**
 * Instructions in jsonParsed form as a validator renders them: `{ program, programId, parsed:
 * { type, info } }` for the System, SPL Token and Token-2022, Associated Token and Memo programs
 * (Memo's `parsed` is the text itself); any other instruction, or one these parsers do not know,
 * stays `{ programId, accounts, data }` (base58), as a validator leaves what it cannot parse.
 */

export interface RawInstruction {
  programId: Address;
  accounts: Address[];
  data: ReadonlyUint8Array;
  stackHeight: number | null;
}

type Info = Record<string, unknown>;
/** Names the accounts of an instruction in order (absent ones are left out) and adds what its data says. */
interface Spec<T> {
  type: string;
  accounts: string[];
  decoder?: () => Decoder<T>;
  info?: (data: T, accounts: Address[]) => Info;
}

const spec = <T>(type: string, accounts: string[], decoder?: () => Decoder<T>, info?: (data: T, accounts: Address[]) => Info): Spec<unknown> =>
  ({ type, accounts, decoder, info }) as Spec<unknown>;

const optional = (value: Option<Address>) => (isSome(value) ? value.value : null);
const amount = (data: { amount: bigint }) => ({ amount: data.amount.toString() });
const tokenAmount = (data: { amount: bigint; decimals: number }) => ({ tokenAmount: uiTokenAmount(data.amount, data.decimals) });
const authorityTypeName = (type: AuthorityType) => {
  const name = AuthorityType[type];
  return name.charAt(0).toLowerCase() + name.slice(1);
};
/** setAuthority names its first account `account` for a token account's authorities, `mint` for the others. */
const ACCOUNT_AUTHORITIES = new Set([AuthorityType.AccountOwner, AuthorityType.CloseAccount]);

const TOKEN_SPECS: Partial<Record<Token2022Instruction, Spec<unknown>>> = {
  [Token2022Instruction.Transfer]: spec('transfer', ['source', 'destination', 'authority'], getTransferInstructionDataDecoder, amount),
  [Token2022Instruction.TransferChecked]: spec(
    'transferChecked',
    ['source', 'mint', 'destination', 'authority'],
    getTransferCheckedInstructionDataDecoder,
    tokenAmount,
  ),
  [Token2022Instruction.Approve]: spec('approve', ['source', 'delegate', 'owner'], getApproveInstructionDataDecoder, amount),
  [Token2022Instruction.ApproveChecked]: spec('approveChecked', ['source', 'mint', 'delegate', 'owner'], getApproveCheckedInstructionDataDecoder, tokenAmount),
  [Token2022Instruction.Revoke]: spec('revoke', ['source', 'owner']),
  [Token2022Instruction.MintTo]: spec('mintTo', ['mint', 'account', 'mintAuthority'], getMintToInstructionDataDecoder, amount),
  [Token2022Instruction.MintToChecked]: spec('mintToChecked', ['mint', 'account', 'mintAuthority'], getMintToCheckedInstructionDataDecoder, tokenAmount),
  [Token2022Instruction.Burn]: spec('burn', ['account', 'mint', 'authority'], getBurnInstructionDataDecoder, amount),
  [Token2022Instruction.BurnChecked]: spec('burnChecked', ['account', 'mint', 'authority'], getBurnCheckedInstructionDataDecoder, tokenAmount),
  [Token2022Instruction.CloseAccount]: spec('closeAccount', ['account', 'destination', 'owner']),
  [Token2022Instruction.FreezeAccount]: spec('freezeAccount', ['account', 'mint', 'freezeAuthority']),
  [Token2022Instruction.ThawAccount]: spec('thawAccount', ['account', 'mint', 'freezeAuthority']),
  [Token2022Instruction.InitializeAccount3]: spec('initializeAccount3', ['account', 'mint'], getInitializeAccount3InstructionDataDecoder, (data) => ({
    owner: data.owner,
  })),
  [Token2022Instruction.InitializeMint2]: spec('initializeMint2', ['mint'], getInitializeMint2InstructionDataDecoder, (data) => ({
    decimals: data.decimals,
    mintAuthority: data.mintAuthority,
    ...(isSome(data.freezeAuthority) ? { freezeAuthority: data.freezeAuthority.value } : {}),
  })),
  [Token2022Instruction.InitializeImmutableOwner]: spec('initializeImmutableOwner', ['account']),
  [Token2022Instruction.InitializeNonTransferableMint]: spec('initializeNonTransferableMint', ['mint']),
  [Token2022Instruction.SetAuthority]: spec('setAuthority', [], getSetAuthorityInstructionDataDecoder, (data, accounts) => ({
    [ACCOUNT_AUTHORITIES.has(data.authorityType) ? 'account' : 'mint']: accounts[0],
    authorityType: authorityTypeName(data.authorityType),
    newAuthority: optional(data.newAuthority),
    authority: accounts[1],
  })),
  [Token2022Instruction.InitializeDefaultAccountState]: spec(
    'initializeDefaultAccountState',
    ['mint'],
    getInitializeDefaultAccountStateInstructionDataDecoder,
    (data) => ({
      accountState: AccountState[data.state].toLowerCase(),
    }),
  ),
  [Token2022Instruction.InitializeMetadataPointer]: spec('initializeMetadataPointer', ['mint'], getInitializeMetadataPointerInstructionDataDecoder, (data) => ({
    ...(isSome(data.authority) ? { authority: data.authority.value } : {}),
    ...(isSome(data.metadataAddress) ? { metadataAddress: data.metadataAddress.value } : {}),
  })),
  [Token2022Instruction.InitializeTokenMetadata]: spec(
    'initializeTokenMetadata',
    ['metadata', 'updateAuthority', 'mint', 'mintAuthority'],
    getInitializeTokenMetadataInstructionDataDecoder,
    (data) => ({ name: data.name, symbol: data.symbol, uri: data.uri }),
  ),
  [Token2022Instruction.UpdateTokenMetadataField]: spec(
    'updateTokenMetadataField',
    ['metadata', 'updateAuthority'],
    getUpdateTokenMetadataFieldInstructionDataDecoder,
    (data) => ({
      field: data.field.__kind === 'Key' ? data.field.fields[0] : data.field.__kind.toLowerCase(),
      value: data.value,
    }),
  ),
  [Token2022Instruction.UpdateTokenMetadataUpdateAuthority]: spec(
    'updateTokenMetadataUpdateAuthority',
    ['metadata', 'updateAuthority'],
    getUpdateTokenMetadataUpdateAuthorityInstructionDataDecoder,
    (data) => ({ newUpdateAuthority: optional(data.newUpdateAuthority) }),
  ),
};

const SYSTEM_SPECS: Partial<Record<SystemInstruction, Spec<unknown>>> = {
  [SystemInstruction.TransferSol]: spec('transfer', ['source', 'destination'], getTransferSolInstructionDataDecoder, (data) => ({ lamports: data.amount })),
  [SystemInstruction.CreateAccount]: spec('createAccount', ['source', 'newAccount'], getCreateAccountInstructionDataDecoder, (data) => ({
    lamports: data.lamports,
    space: data.space,
    owner: data.programAddress,
  })),
  [SystemInstruction.Assign]: spec('assign', ['account'], getAssignInstructionDataDecoder, (data) => ({ owner: data.programAddress })),
  [SystemInstruction.Allocate]: spec('allocate', ['account'], getAllocateInstructionDataDecoder, (data) => ({ space: data.space })),
};

const ATA_ACCOUNTS = ['source', 'account', 'wallet', 'mint', 'systemProgram', 'tokenProgram'];
const ATA_SPECS: Partial<Record<AssociatedTokenInstruction, Spec<unknown>>> = {
  [AssociatedTokenInstruction.CreateAssociatedToken]: spec('create', ATA_ACCOUNTS),
  [AssociatedTokenInstruction.CreateAssociatedTokenIdempotent]: spec('createIdempotent', ATA_ACCOUNTS),
};

function applySpec(found: Spec<unknown> | undefined, instruction: RawInstruction): { type: string; info: Info } | null {
  if (!found || instruction.accounts.length < found.accounts.length) return null;
  const info: Info = Object.fromEntries(found.accounts.map((name, index) => [name, instruction.accounts[index]]));
  if (found.decoder && found.info) Object.assign(info, found.info(found.decoder().decode(instruction.data), instruction.accounts));
  return { type: found.type, info };
}

/** The program name and parsed form of an instruction, or null when it is not parsed. */
function parse(instruction: RawInstruction): { program: string; parsed: unknown } | null {
  const { programId, data } = instruction;
  if (programId === TOKEN_2022_PROGRAM_ADDRESS || programId === TOKEN_PROGRAM_ADDRESS) {
    const parsed = applySpec(TOKEN_SPECS[identifyToken2022Instruction(data)], instruction);
    return parsed && { program: 'spl-token', parsed };
  }
  if (programId === SYSTEM_PROGRAM_ADDRESS) {
    const parsed = applySpec(SYSTEM_SPECS[identifySystemInstruction(data)], instruction);
    return parsed && { program: 'system', parsed };
  }
  if (programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
    const kind = data.length === 0 ? AssociatedTokenInstruction.CreateAssociatedToken : identifyAssociatedTokenInstruction(data);
    const parsed = applySpec(ATA_SPECS[kind], instruction);
    return parsed && { program: 'spl-associated-token-account', parsed };
  }
  if (isMemoProgram(programId)) return { program: 'spl-memo', parsed: getAddMemoInstructionDataDecoder().decode(data).memo };
  return null;
}

export function unparsedInstruction(instruction: RawInstruction) {
  return {
    programId: instruction.programId,
    accounts: instruction.accounts,
    data: getBase58Decoder().decode(instruction.data),
    stackHeight: instruction.stackHeight,
  };
}

export function parsedInstruction(instruction: RawInstruction) {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(instruction);
  } catch {
    // The clients' identify functions and decoders throw on data they do not recognise.
    parsed = null;
  }
  if (!parsed) return unparsedInstruction(instruction);
  return { program: parsed.program, programId: instruction.programId, parsed: parsed.parsed, stackHeight: instruction.stackHeight };
}
