export * from './envelope';
export * from './errors';
export * from './constants';
export * from './roles';
export * from './health';
export * from './auth';
export * from './security';
