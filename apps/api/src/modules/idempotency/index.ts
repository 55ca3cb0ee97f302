export { idempotencyPlugin, operationBinderOf, type BindOperation } from './idempotency.plugin';
