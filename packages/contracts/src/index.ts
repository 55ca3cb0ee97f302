export * from './envelope';
export * from './errors';
export * from './constants';
export * from './roles';
export * from './health';
