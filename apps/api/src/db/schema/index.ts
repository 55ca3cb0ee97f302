export * from './foundation';
export * from './notifications';
export * from './identity';
export * from './chain';
export * from './registry';
export * from './wallets';
export * from './idempotency';
export * from './minting';
