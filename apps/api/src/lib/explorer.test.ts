import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { explorerTargetOf, explorerUrl, publicBaseUrlOf, requestBaseUrlOf } from './explorer';

const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const linkFor = (env: Record<string, string>) => explorerUrl(explorerTargetOf(loadConfig(env)), 'tx', signature);

describe('explorer links', () => {
  it("point the embedded chain at this server's /rpc", () => {
    expect(linkFor({ PUBLIC_URL: 'https://carbon.example' })).toBe(
      `https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent('https://carbon.example/rpc')}`,
    );
  });

  it('name the cluster of an RPC process', () => {
    expect(linkFor({ SOLANA_RPC_URL: 'https://api.devnet.solana.com', PUBLIC_URL: 'https://carbon.example' })).toBe(
      `https://explorer.solana.com/tx/${signature}?cluster=devnet`,
    );
    expect(linkFor({ SOLANA_RPC_URL: 'https://rpc.example', SOLANA_CLUSTER: 'mainnet-beta' })).toBe(`https://explorer.solana.com/tx/${signature}`);
  });

  it('read a custom cluster from SOLANA_RPC_URL, never from this server (whose /rpc has no chain then)', () => {
    expect(linkFor({ SOLANA_RPC_URL: 'http://validator.internal:8899', SOLANA_CLUSTER: 'localnet', PUBLIC_URL: 'https://carbon.example' })).toBe(
      `https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent('http://validator.internal:8899')}`,
    );
  });

  it('use SOLANA_EXPLORER_URL as the explorer', () => {
    expect(linkFor({ SOLANA_RPC_URL: 'https://api.devnet.solana.com', SOLANA_EXPLORER_URL: 'https://explorer.internal/' })).toBe(
      `https://explorer.internal/tx/${signature}?cluster=devnet`,
    );
  });
});

describe('links answered to a caller', () => {
  const linkBase = (env: Record<string, string>, host: string) => requestBaseUrlOf(loadConfig(env), { protocol: 'http', host });

  it('follow the Host (or X-Forwarded-Host) only when ALLOWED_HOSTS lists it; by default the localhost forms of the listen address', () => {
    expect(linkBase({}, 'localhost:3000')).toBe('http://localhost:3000');
    expect(linkBase({}, '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(linkBase({}, '[::1]:3000')).toBe('http://[::1]:3000');
    expect(linkBase({}, 'evil.example')).toBe('http://localhost:3000');
    expect(linkBase({}, '127.0.0.1:3001')).toBe('http://localhost:3000');
    expect(linkBase({ HOST: '192.168.1.20', PORT: '8080' }, '192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
  });

  it('name the first ALLOWED_HOSTS entry where no request says otherwise, and PUBLIC_URL above all', () => {
    const env = { ALLOWED_HOSTS: 'Carbon.internal:8080, carbon.internal' };
    expect(publicBaseUrlOf(loadConfig(env))).toBe('http://carbon.internal:8080');
    expect(linkBase(env, 'carbon.internal')).toBe('http://carbon.internal');
    expect(linkBase(env, 'localhost:3000')).toBe('http://carbon.internal:8080');
    expect(linkBase({ ...env, PUBLIC_URL: 'https://carbon.example/' }, 'carbon.internal')).toBe('https://carbon.example');
  });
});
