import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with demo data when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, role: 'all', databaseUrl: undefined, seedDemo: true, demoPassword: 'Demo!2345', solanaCluster: 'localnet' });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('never seeds a PostgreSQL server unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/carbon' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/carbon', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('seeds demo holdings with the demo data, except in tests or when switched off', () => {
    expect(loadConfig({}).seedDemoHoldings).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoHoldings).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoHoldings).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO_HOLDINGS: 'true' }).seedDemoHoldings).toBe(true);
    expect(loadConfig({ SEED_DEMO_HOLDINGS: 'false' }).seedDemoHoldings).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false', SEED_DEMO_HOLDINGS: 'true' }).seedDemoHoldings).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/carbon' }).seedDemoHoldings).toBe(false);
  });

  it('believes forwarded client addresses only from a local proxy unless told otherwise', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SOLANA_RPC_URL', 'not a url'],
    ['MASTER_KEY', 'abc'],
    ['ROLE', 'everything'],
  ])('stops with a message naming %s when it is wrong', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
