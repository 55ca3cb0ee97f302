import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/** Where explorer links point: a named cluster, or a custom one read from `customRpcUrl`. */
export interface ExplorerTarget {
  /** The explorer's origin (SOLANA_EXPLORER_URL), without a trailing slash. */
  baseUrl: string;
  cluster: AppConfig['solanaCluster'];
  /** For `localnet`: SOLANA_RPC_URL when the chain is a cluster, else this server's /rpc serving the embedded chain. */
  customRpcUrl: string;
}

/** This deployment's public origin: PUBLIC_URL, else the local port (the embedded default). */
export function publicBaseUrlOf(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
}

/** The public origin for links answered to a caller: PUBLIC_URL, else the address the request used. */
export function requestBaseUrlOf(config: Pick<AppConfig, 'publicUrl'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

export function explorerTargetOf(config: Pick<AppConfig, 'publicUrl' | 'port' | 'solanaCluster' | 'solanaRpcUrl' | 'solanaExplorerUrl'>): ExplorerTarget {
  // An RPC process has no chain behind its own /rpc (it answers -32601), so a custom cluster is read from the RPC itself.
  return { baseUrl: config.solanaExplorerUrl, cluster: config.solanaCluster, customRpcUrl: config.solanaRpcUrl ?? `${publicBaseUrlOf(config)}/rpc` };
}

/** Solana Explorer link for a transaction or an address on the deployment's cluster. */
export function explorerUrl(target: ExplorerTarget, kind: 'tx' | 'address', value: string): string {
  const base = `${target.baseUrl}/${kind}/${value}`;
  if (target.cluster === 'mainnet-beta') return base;
  if (target.cluster === 'localnet') return `${base}?cluster=custom&customUrl=${encodeURIComponent(target.customRpcUrl)}`;
  return `${base}?cluster=${target.cluster}`;
}
