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

/**
 * This deployment's public origin, for links made without a request (on-chain metadata and
 * certificate URIs) and links that must equal them: PUBLIC_URL, else the first ALLOWED_HOSTS
 * entry (`localhost:PORT` by default).
 */
export function publicBaseUrlOf(config: Pick<AppConfig, 'publicUrl' | 'allowedHosts'>): string {
  return config.publicUrl?.replace(/\/$/, '') ?? `http://${config.allowedHosts[0]}`;
}

/**
 * The public origin for links answered to a caller: PUBLIC_URL, else the address the request
 * used when ALLOWED_HOSTS names it. Host and X-Forwarded-Host are the caller's to choose, so an
 * unlisted one gets the deployment's own origin rather than a link to wherever it says.
 */
export function requestBaseUrlOf(config: Pick<AppConfig, 'publicUrl' | 'allowedHosts'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  if (config.publicUrl || !config.allowedHosts.includes(request.host.toLowerCase())) return publicBaseUrlOf(config);
  return `${request.protocol}://${request.host}`;
}

export function explorerTargetOf(
  config: Pick<AppConfig, 'publicUrl' | 'allowedHosts' | 'solanaCluster' | 'solanaRpcUrl' | 'solanaExplorerUrl'>,
): ExplorerTarget {
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
