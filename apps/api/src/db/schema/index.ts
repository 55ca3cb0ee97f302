export * from './foundation';
export * from './identity';
