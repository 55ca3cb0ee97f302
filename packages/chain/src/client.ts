/** What the rest of the product knows about a Solana cluster, whichever driver serves it. */
export interface ChainHealth {
  driver: 'embedded' | 'rpc';
  slot: bigint;
  blockhash: string;
}

export interface ChainClient {
  readonly driver: 'embedded' | 'rpc';
  health(): Promise<ChainHealth>;
  /** Persists state where the driver keeps any (the embedded chain's snapshot file). */
  flush(): Promise<void>;
  close(): Promise<void>;
}
