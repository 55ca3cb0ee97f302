import { API_BASE_PATH, healthReport } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

const healthEnvelope = z.object({ data: healthReport });

/**
 * Whether the server runs the embedded chain (its health detail reads "embedded slot N").
 * Read with a plain fetch because a degraded health answers 503 with the report still in it.
 */
export async function fetchEmbeddedChain(): Promise<boolean> {
  const response = await fetch(`${API_BASE_PATH}/health`, { headers: { accept: 'application/json' } });
  const parsed = healthEnvelope.safeParse(await response.json());
  return parsed.success && parsed.data.data.components.chain.detail.startsWith('embedded');
}

export const embeddedChainQuery = () => queryOptions({ queryKey: ['health', 'embedded-chain'] as const, queryFn: fetchEmbeddedChain, staleTime: Infinity });

export function useEmbeddedChain(): boolean {
  return useQuery(embeddedChainQuery()).data ?? false;
}
