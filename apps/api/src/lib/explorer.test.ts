import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { explorerTargetOf, explorerUrl } from './explorer';

const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const linkFor = (env: Record<string, string>) => explorerUrl(explorerTargetOf(loadConfig(env)), 'tx', signature);

describe('explorer links', () => {
  it('point the embedded chain at this server\'s /rpc', () => {
    expect(linkFor({ PUBLIC_URL: 'https://carbon.example' })).toBe(`https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent('https://carbon.example/rpc')}`);
  });

  it('name the cluster of an RPC process', () => {
    expect(linkFor({ SOLANA_RPC_URL: 'https://api.devnet.solana.com', PUBLIC_URL: 'https://carbon.example' })).toBe(`https://explorer.solana.com/tx/${signature}?cluster=devnet`);
    expect(linkFor({ SOLANA_RPC_URL: 'https://rpc.example', SOLANA_CLUSTER: 'mainnet-beta' })).toBe(`https://explorer.solana.com/tx/${signature}`);
  });

  it('read a custom cluster from SOLANA_RPC_URL, never from this server (whose /rpc has no chain then)', () => {
    expect(linkFor({ SOLANA_RPC_URL: 'http://validator.internal:8899', SOLANA_CLUSTER: 'localnet', PUBLIC_URL: 'https://carbon.example' })).toBe(
      `https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent('http://validator.internal:8899')}`,
    );
  });

  it('use SOLANA_EXPLORER_URL as the explorer', () => {
    expect(linkFor({ SOLANA_RPC_URL: 'https://api.devnet.solana.com', SOLANA_EXPLORER_URL: 'https://explorer.internal/' })).toBe(`https://explorer.internal/tx/${signature}?cluster=devnet`);
  });
});
