import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with demo data when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, role: 'all', databaseUrl: undefined, seedDemo: true, demoPassword: 'Demo!2345', solanaCluster: 'localnet' });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('waits for the confirmed commitment on a cluster unless SOLANA_COMMITMENT asks for finalized', () => {
    expect(loadConfig({}).solanaCommitment).toBe('confirmed');
    expect(loadConfig({ SOLANA_COMMITMENT: 'finalized' }).solanaCommitment).toBe('finalized');
    expect(() => loadConfig({ SOLANA_COMMITMENT: 'processed' })).toThrow(/SOLANA_COMMITMENT/);
  });

  it('never seeds a PostgreSQL server unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/carbon' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/carbon', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('runs as the DATABASE_URL owner unless DATABASE_APP_URL names the connection the running product uses', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://owner@db.example/carbon' }).databaseAppUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://owner@db.example/carbon', DATABASE_APP_URL: 'postgres://runtime@db.example/carbon' })).toMatchObject({
      databaseUrl: 'postgres://owner@db.example/carbon',
      databaseAppUrl: 'postgres://runtime@db.example/carbon',
    });
    // The owner connection is what migrates: the app connection alone could not.
    expect(() => loadConfig({ DATABASE_APP_URL: 'postgres://runtime@db.example/carbon' })).toThrow(/DATABASE_APP_URL: needs DATABASE_URL/);
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

  it('believes no X-Forwarded-For unless a proxy is named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('answers links for the localhost forms of the listen address unless ALLOWED_HOSTS names the hosts', () => {
    expect(loadConfig({}).allowedHosts).toEqual(['localhost:3000', '127.0.0.1:3000', '[::1]:3000']);
    expect(loadConfig({ HOST: '10.0.0.7', PORT: '8080' }).allowedHosts).toEqual(['10.0.0.7:8080', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080']);
    expect(loadConfig({ HOST: '::1' }).allowedHosts).toEqual(['[::1]:3000', 'localhost:3000', '127.0.0.1:3000']);
    expect(loadConfig({ ALLOWED_HOSTS: 'Carbon.example.com, carbon.example.com:8443,[fd00::1]:3000' }).allowedHosts).toEqual([
      'carbon.example.com',
      'carbon.example.com:8443',
      '[fd00::1]:3000',
    ]);
  });

  it('bounds shutdown to 10 seconds unless told otherwise', () => {
    expect(loadConfig({}).shutdownTimeoutSeconds).toBe(10);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutSeconds).toBe(30);
  });

  it('links to the public Solana Explorer unless another one is named', () => {
    expect(loadConfig({}).solanaExplorerUrl).toBe('https://explorer.solana.com');
    expect(loadConfig({ SOLANA_EXPLORER_URL: 'https://explorer.example/' }).solanaExplorerUrl).toBe('https://explorer.example');
  });

  it('anchors the audit trail every 10 minutes unless told otherwise, within a day', () => {
    expect(loadConfig({}).auditAnchorIntervalMinutes).toBe(10);
    expect(loadConfig({ AUDIT_ANCHOR_INTERVAL_MINUTES: '60' }).auditAnchorIntervalMinutes).toBe(60);
    expect(() => loadConfig({ AUDIT_ANCHOR_INTERVAL_MINUTES: '0' })).toThrow(/AUDIT_ANCHOR_INTERVAL_MINUTES:/);
    expect(() => loadConfig({ AUDIT_ANCHOR_INTERVAL_MINUTES: '1441' })).toThrow(/AUDIT_ANCHOR_INTERVAL_MINUTES:/);
  });

  it('reconciles the ledger with the chain every 5 minutes unless told otherwise, at most hourly', () => {
    expect(loadConfig({}).reconciliationIntervalMinutes).toBe(5);
    expect(loadConfig({ RECONCILIATION_INTERVAL_MINUTES: '60' }).reconciliationIntervalMinutes).toBe(60);
    expect(() => loadConfig({ RECONCILIATION_INTERVAL_MINUTES: '0' })).toThrow(/RECONCILIATION_INTERVAL_MINUTES:/);
    expect(() => loadConfig({ RECONCILIATION_INTERVAL_MINUTES: '61' })).toThrow(/RECONCILIATION_INTERVAL_MINUTES:/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('traces only with OTEL_EXPORTER_OTLP_ENDPOINT: OTLP/protobuf to its /v1/traces as carbonledger-api, unless told otherwise', () => {
    expect(loadConfig({ OTEL_SERVICE_NAME: 'ledger', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      url: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'carbonledger-api',
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example/prefix/' }).tracing?.url).toBe('https://otel.example/prefix/v1/traces');
    // The signal's own variables win over the shared ones, as the OTLP exporter specification has it.
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces.example/ingest',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'ledger-eu',
      }).tracing,
    ).toEqual({ url: 'http://traces.example/ingest', protocol: 'http/json', serviceName: 'ledger-eu' });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces.example/ingest' })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: needs OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL: must be http\/protobuf or http\/json \(grpc is not supported\)/,
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_APP_URL', 'mysql://localhost/db'],
    ['SOLANA_RPC_URL', 'not a url'],
    ['MASTER_KEY', 'abc'],
    ['ROLE', 'everything'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['SOLANA_WS_URL', 'http://127.0.0.1:3000/rpc'],
    ['SOLANA_EXPLORER_URL', 'explorer'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '0'],
    ['ALLOWED_HOSTS', 'https://carbon.example.com'],
    ['ALLOWED_HOSTS', ' , '],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'grpc'],
  ])('stops with a message naming %s when it is wrong', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
