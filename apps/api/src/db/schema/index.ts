export * from './foundation';
export * from './identity';
export * from './chain';
