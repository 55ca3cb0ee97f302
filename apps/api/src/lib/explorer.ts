import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/** Where explorer links point: the configured cluster, or this server's /rpc for the embedded chain. */
export interface ExplorerTarget {
  cluster: AppConfig['solanaCluster'];
  localRpcUrl: string;
}

/** This deployment's public origin: PUBLIC_URL, else the local port (the embedded default). */
export function publicBaseUrlOf(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
}

/** The public origin for links answered to a caller: PUBLIC_URL, else the address the request used. */
export function requestBaseUrlOf(config: Pick<AppConfig, 'publicUrl'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

export function explorerTargetOf(config: Pick<AppConfig, 'publicUrl' | 'port' | 'solanaCluster'>): ExplorerTarget {
  return { cluster: config.solanaCluster, localRpcUrl: `${publicBaseUrlOf(config)}/rpc` };
}

/** Solana Explorer link for a transaction or an address on the deployment's cluster. */
export function explorerUrl(target: ExplorerTarget, kind: 'tx' | 'address', value: string): string {
  const base = `https://explorer.solana.com/${kind}/${value}`;
  if (target.cluster === 'mainnet-beta') return base;
  if (target.cluster === 'localnet') return `${base}?cluster=custom&customUrl=${encodeURIComponent(target.localRpcUrl)}`;
  return `${base}?cluster=${target.cluster}`;
}
