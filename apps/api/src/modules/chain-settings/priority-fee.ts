import type { PriorityFee } from '@carbonledger/chain';
import type { PriorityFeePolicy } from '@carbonledger/contracts';

/** Prices per compute unit (micro-lamports) recently paid on the cluster, one per recent slot. */
export type RecentFeeSampler = () => Promise<bigint[]>;

const SAMPLE_TIMEOUT_MS = 3_000;

/**
 * getRecentPrioritizationFees of the configured RPC endpoint. Without one (the embedded chain)
 * or when the cluster does not answer in time there are no samples, and a percentile policy
 * then pays nothing above the base fee rather than holding the preview up.
 */
export function rpcFeeSampler(rpcUrl: string | undefined): RecentFeeSampler {
  if (!rpcUrl) return () => Promise.resolve([]);
  return async () => {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getRecentPrioritizationFees', params: [] }),
        signal: AbortSignal.timeout(SAMPLE_TIMEOUT_MS),
      });
      const body = (await response.json()) as { result?: { prioritizationFee?: unknown }[] };
      return (body.result ?? []).flatMap((entry) => (typeof entry.prioritizationFee === 'number' ? [BigInt(Math.trunc(entry.prioritizationFee))] : []));
    } catch {
      return [];
    }
  };
}

/** Nearest-rank percentile of the samples; 0 without any. */
export function percentileOf(samples: readonly bigint[], percentile: number): bigint {
  if (samples.length === 0) return 0n;
  const sorted = [...samples].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1)]!;
}

/** The priority fee a transaction built now pays under the tenant's policy; none at a price of 0. */
export async function priorityFeeFor(policy: PriorityFeePolicy, sample: RecentFeeSampler): Promise<PriorityFee | undefined> {
  let price: bigint;
  if (policy.mode === 'fixed') price = BigInt(policy.microLamports);
  else {
    const recent = percentileOf(await sample(), policy.percentile);
    const cap = BigInt(policy.maxMicroLamports);
    price = recent < cap ? recent : cap;
  }
  return price === 0n ? undefined : { computeUnitLimit: policy.computeUnitLimit, microLamportsPerComputeUnit: price };
}
