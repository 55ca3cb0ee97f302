export * from './helpers';
export * from './client-behaviour';
