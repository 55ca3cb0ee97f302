import {
  address,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  decompileTransactionMessage,
  getPublicKeyFromAddress,
  getUtf8Decoder,
  isNone,
  verifySignature,
  type Address,
  type ReadonlyUint8Array,
  type SignatureBytes,
  type Signature,
} from '@solana/kit';
import {
  findHolderTokenAccount,
  fromWireTransaction,
  MEMO_PROGRAM_ADDRESS,
  summarizeMessage,
  TOKEN_2022_PROGRAM_ADDRESS,
  type ChainClient,
  type ChainMint,
  type ChainTokenAccount,
  type ChainTokenBalance,
  type ChainTransaction,
} from '@carbonledger/chain';
import { certificateTexts, type CertificateCheck, type VerificationCheck } from '@carbonledger/contracts';

/**
 * The memo every retirement's burn carries: it names the retirement, and the verification
 * checks it to tie the burn to the certificate. The retirements module writes it into the burn.
 */
export function retirementMemo(retirementId: string): string {
  return `carbonledger:retirement:${retirementId}`;
}

/** Token-2022 BurnChecked: tag 15, amount u64 LE, decimals u8; accounts: account, mint, authority. */
const BURN_CHECKED = 15;

/** What the database says happened; every field is compared with what the chain holds. */
export interface ClaimedCertificate {
  burnSignature: string;
  /** The signed burn transaction the platform recorded when it sent it (base64 wire bytes); used only once the chain's history is pruned. */
  burnTransaction: string | null;
  tokenMint: string;
  amount: bigint;
  decimals: number;
  /** The memo the burn must carry, naming the retirement. */
  memo: string;
  mintAddress: string;
  holderAddress: string;
  /** sha256 hex of the stored facts, recomputed now. */
  recomputedHash: string;
  /** The hash stored with the certificate when it was issued. */
  storedHash: string;
  /** The TokenMetadata additional field that holds the hash on chain. */
  hashField: string;
}

export type CertificateChecks = Record<CertificateCheck, VerificationCheck>;

function check(name: CertificateCheck, ok: boolean): VerificationCheck {
  return { ok, message: ok ? certificateTexts.checks[name].ok : certificateTexts.checks[name].failed };
}

async function statusConfirmed(chain: ChainClient, signature: string): Promise<boolean> {
  const [status] = await chain.getSignatureStatuses([signature as Signature]);
  return Boolean(status && status.err === null && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized'));
}

/** What the holder's accounts of one mint held in total, before or after a transaction. */
function holdingOf(balances: readonly ChainTokenBalance[], mint: string, owner: string): bigint {
  return balances.filter((balance) => balance.mint === mint && balance.owner === owner).reduce((sum, balance) => sum + balance.amount, 0n);
}

/** From the chain's own record: it landed without error, carries the memo and took exactly the amount from the holder. */
function historyMatches(history: ChainTransaction, claim: ClaimedCertificate): boolean {
  const burned =
    holdingOf(history.preTokenBalances, claim.tokenMint, claim.holderAddress) - holdingOf(history.postTokenBalances, claim.tokenMint, claim.holderAddress);
  return history.err === null && history.memos.includes(claim.memo) && burned === claim.amount;
}

/**
 * When the chain no longer serves the transaction (pruned history): whether the recorded
 * bytes are the transaction behind the signature (the transaction id is the fee payer's
 * signature, and it verifies over these message bytes, so they are what landed) and burn exactly the claimed amount of the claimed
 * mint with the retirement's memo.
 */
async function recordedBytesMatch(claim: ClaimedCertificate): Promise<boolean> {
  if (!claim.burnTransaction) return false;
  let transaction;
  try {
    transaction = fromWireTransaction(claim.burnTransaction);
  } catch {
    return false;
  }
  const feePayer = summarizeMessage(transaction).feePayer;
  const signatureBytes = getBase58Encoder().encode(claim.burnSignature) as SignatureBytes;
  if (!(await verifySignature(await getPublicKeyFromAddress(feePayer), signatureBytes, transaction.messageBytes))) return false;
  const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes));
  // Legacy and versioned messages type their instructions differently; both have these fields.
  const decompiled: readonly { programAddress: string; accounts?: readonly { address: string }[]; data?: ReadonlyUint8Array }[] = message.instructions;
  const instructions = decompiled.map((instruction) => ({
    program: instruction.programAddress,
    accounts: (instruction.accounts ?? []).map((account) => account.address),
    data: new Uint8Array(instruction.data ?? new Uint8Array()),
  }));
  const burn = instructions.some(({ program, accounts, data }) => {
    if (program !== TOKEN_2022_PROGRAM_ADDRESS || data[0] !== BURN_CHECKED || data.length < 10) return false;
    const view = new DataView(data.buffer, data.byteOffset, data.length);
    return view.getBigUint64(1, true) === claim.amount && data[9] === claim.decimals && accounts[1] === claim.tokenMint;
  });
  const memo = instructions.some(({ program, data }) => program === MEMO_PROGRAM_ADDRESS && getUtf8Decoder().decode(data) === claim.memo);
  return burn && memo;
}

/** The burn as the chain tells it (getTransaction at 'confirmed'); its status and the recorded bytes once history is pruned. */
async function burnChecks(chain: ChainClient, claim: ClaimedCertificate): Promise<{ confirmed: boolean; matches: boolean }> {
  const history = await chain.getTransaction(claim.burnSignature as Signature);
  if (history) return { confirmed: history.err === null, matches: historyMatches(history, claim) };
  const confirmed = await statusConfirmed(chain, claim.burnSignature);
  return { confirmed, matches: confirmed && (await recordedBytesMatch(claim)) };
}

function isAddress(value: string): boolean {
  try {
    address(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * NonTransferable alone still lets the holder burn the token and close the account: only a
 * frozen account that nobody can thaw (no freeze authority) keeps it where it was issued.
 */
function frozenForGood(mint: ChainMint | null, holderAccount: ChainTokenAccount | null): boolean {
  return Boolean(mint && mint.freezeAuthority === null && holderAccount?.frozen);
}

/** Nobody can rewrite the metadata, nor point the mint at other metadata (wallets and explorers follow the pointer). */
function metadataImmutable(mint: ChainMint | null): boolean {
  if (!mint) return false;
  let metadataLocked = false;
  let pointerLocked = false;
  for (const extension of mint.extensions) {
    if (extension.__kind === 'TokenMetadata') metadataLocked = isNone(extension.updateAuthority);
    if (extension.__kind === 'MetadataPointer') {
      pointerLocked = isNone(extension.authority) && !isNone(extension.metadataAddress) && extension.metadataAddress.value === mint.address;
    }
  }
  return metadataLocked && pointerLocked;
}

/**
 * Re-checks a certificate against the chain as it is now: the burn, the soulbound
 * certificate mint and its metadata, and who holds it. Nothing here trusts the database
 * beyond the claims it compares.
 */
export async function verifyCertificateOnChain(chain: ChainClient, claim: ClaimedCertificate): Promise<CertificateChecks> {
  const mintKnown = isAddress(claim.mintAddress);
  const mint = mintKnown ? await chain.getMint(claim.mintAddress as Address) : null;
  let onChainHash: string | undefined;
  for (const extension of mint?.extensions ?? []) if (extension.__kind === 'TokenMetadata') onChainHash = extension.additionalMetadata.get(claim.hashField);
  const holderAccount =
    mint && isAddress(claim.holderAddress) ? await chain.getTokenAccount(await findHolderTokenAccount(claim.holderAddress as Address, mint.address)) : null;

  const burn = await burnChecks(chain, claim);
  return {
    burnConfirmed: check('burnConfirmed', burn.confirmed),
    burnMatches: check('burnMatches', burn.matches),
    certificateMint: check('certificateMint', Boolean(mint && mint.supply === 1n && mint.decimals === 0)),
    nonTransferable: check('nonTransferable', Boolean(mint?.extensions.some((extension) => extension.__kind === 'NonTransferable'))),
    accountFrozen: check('accountFrozen', frozenForGood(mint, holderAccount)),
    mintAuthorityRemoved: check('mintAuthorityRemoved', Boolean(mint && mint.mintAuthority === null)),
    metadataImmutable: check('metadataImmutable', metadataImmutable(mint)),
    metadataHash: check('metadataHash', claim.recomputedHash === claim.storedHash && onChainHash === claim.recomputedHash),
    holder: check(
      'holder',
      Boolean(holderAccount && holderAccount.owner === claim.holderAddress && holderAccount.mint === claim.mintAddress && holderAccount.amount === 1n),
    ),
  };
}
