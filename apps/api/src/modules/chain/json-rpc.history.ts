import { z } from 'zod';
import { address as toAddress, getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder, type Signature } from '@solana/kit';
import { BLOCKHASH_VALIDITY_BLOCKS, identifyInstruction, type EmbeddedBlock, type EmbeddedChainClient } from '@carbonledger/chain';
import { memoField, renderTransaction, transactionEncodingSchema, type TransactionEncoding } from './json-rpc.transactions';
import { addressParam, commitmentSchema, JSON_RPC_ERRORS, parseParams, RpcFailure, signatureParam, type JsonRpcMethods } from './json-rpc.protocol';

/** Signatures, transactions and blocks: what the history and the recent blocks of the embedded chain answer. */

const transactionConfigSchema = z
  .object({
    encoding: transactionEncodingSchema.optional(),
    commitment: commitmentSchema.optional(),
    maxSupportedTransactionVersion: z.number().int().min(0).optional(),
  })
  .loose()
  .optional();

const blockConfigSchema = z
  .object({
    encoding: transactionEncodingSchema.optional(),
    transactionDetails: z.enum(['full', 'signatures', 'none']).optional(),
    rewards: z.boolean().optional(),
    commitment: commitmentSchema.optional(),
    maxSupportedTransactionVersion: z.number().int().min(0).optional(),
  })
  .loose()
  .optional();

const slotParam = z.number().int().min(0);

/** getRecentPrioritizationFees looks at as many blocks as a validator's cache holds. */
const PRIORITIZATION_FEE_BLOCKS = BLOCKHASH_VALIDITY_BLOCKS;

/** Which accounts a transaction locks for writing, and the compute-unit price it pays (micro-lamports). */
function writesAndPrice(wire: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const keys = compiled.staticAccounts;
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = compiled.header;
  const writable = keys.filter((_, index) =>
    index < numSignerAccounts ? index < numSignerAccounts - numReadonlySignerAccounts : index < keys.length - numReadonlyNonSignerAccounts,
  );
  let price = 0n;
  for (const instruction of 'instructions' in compiled ? compiled.instructions : []) {
    const identified = identifyInstruction({ programAddress: keys[instruction.programAddressIndex]!, data: instruction.data });
    if (identified?.program === 'compute-budget' && identified.microLamportsPerComputeUnit !== null) price = identified.microLamportsPerComputeUnit;
  }
  return { writable: new Set<string>(writable), price };
}

export function historyMethods(chain: EmbeddedChainClient): JsonRpcMethods {
  const transactionIn = async (signature: Signature, encoding: TransactionEncoding) => {
    const [found, wire, meta] = await Promise.all([chain.getTransaction(signature), chain.getTransactionWire(signature), chain.getTransactionMeta(signature)]);
    return found && wire ? renderTransaction(found, wire, meta, encoding) : null;
  };

  /** A block the chain remembers, or the error a validator gives for one it has not produced or does not keep. */
  const blockAt = async (slot: number): Promise<EmbeddedBlock> => {
    const block = await chain.getBlock(BigInt(slot));
    if (block) return block;
    if (BigInt(slot) > (await chain.getSlot())) throw new RpcFailure(JSON_RPC_ERRORS.blockNotAvailable, `Block not available for slot ${slot}`);
    throw new RpcFailure(JSON_RPC_ERRORS.slotSkipped, `Slot ${slot} was skipped, or missing in long-term storage`);
  };

  return {
    getSignatureStatuses: async (params) => {
      const [signatures] = parseParams(z.tuple([z.array(signatureParam).max(256)]).rest(z.unknown()), params);
      const statuses = await chain.getSignatureStatuses(signatures as Signature[]);
      return {
        context: { apiVersion: '2.2.0', slot: await chain.getSlot() },
        value: statuses.map((status) =>
          status
            ? {
                slot: status.slot,
                confirmations: status.confirmationStatus === 'finalized' ? null : 1,
                err: status.err,
                status: status.err ? { Err: status.err } : { Ok: null },
                confirmationStatus: status.confirmationStatus,
              }
            : null,
        ),
      };
    },
    getSignaturesForAddress: async (params) => {
      const [target, config] = parseParams(
        z.tuple([
          addressParam,
          z
            .object({ limit: z.number().int().min(1).max(1000).optional(), before: signatureParam.optional() })
            .loose()
            .optional(),
        ]),
        params,
      );
      const entries = await chain.getSignaturesForAddress(toAddress(target), { limit: config?.limit, before: config?.before as Signature | undefined });
      const [statuses, transactions] = await Promise.all([
        chain.getSignatureStatuses(entries.map((entry) => entry.signature)),
        Promise.all(entries.map((entry) => chain.getTransaction(entry.signature))),
      ]);
      return entries.map((entry, index) => ({
        signature: entry.signature,
        slot: entry.slot,
        err: entry.err,
        memo: memoField(transactions[index]?.memos ?? []),
        blockTime: entry.blockTime,
        confirmationStatus: statuses[index]?.confirmationStatus ?? 'confirmed',
      }));
    },
    getTransaction: async (params) => {
      const [signature, config] = parseParams(z.tuple([signatureParam, transactionConfigSchema]), params);
      return transactionIn(signature as Signature, config?.encoding ?? 'json');
    },
    getBlock: async (params) => {
      const [slot, config] = parseParams(z.tuple([slotParam, blockConfigSchema]), params);
      const block = await blockAt(slot);
      const details = config?.transactionDetails ?? 'full';
      const head = {
        blockhash: block.blockhash,
        previousBlockhash: block.previousBlockhash,
        parentSlot: block.parentSlot,
        blockHeight: block.slot,
        blockTime: block.blockTime,
      };
      const rewards = config?.rewards === false ? {} : { rewards: [] };
      if (details === 'none') return { ...head, ...rewards };
      if (details === 'signatures') return { ...head, signatures: block.signatures, ...rewards };
      const transactions = [];
      for (const signature of block.signatures) {
        const rendered = await transactionIn(signature, config?.encoding ?? 'json');
        if (rendered) transactions.push({ transaction: rendered.transaction, meta: rendered.meta, version: rendered.version });
      }
      return { ...head, transactions, ...rewards };
    },
    getBlockTime: async (params) => {
      const [slot] = parseParams(z.tuple([slotParam]), params);
      return (await blockAt(slot)).blockTime;
    },
    getRecentPrioritizationFees: async (params) => {
      const [addresses] = parseParams(z.tuple([z.array(addressParam).max(128).optional()]), params);
      const wanted = new Set<string>(addresses ?? []);
      const blocks = (await chain.getRecentBlocks()).slice(-PRIORITIZATION_FEE_BLOCKS);
      const fees = [];
      for (const block of blocks) {
        let lowest: bigint | null = null;
        for (const signature of block.signatures) {
          const wire = await chain.getTransactionWire(signature);
          if (!wire) continue;
          const { writable, price } = writesAndPrice(wire);
          if (wanted.size && ![...wanted].some((key) => writable.has(key))) continue;
          if (lowest === null || price < lowest) lowest = price;
        }
        fees.push({ slot: block.slot, prioritizationFee: lowest ?? 0n });
      }
      return fees;
    },
  };
}
