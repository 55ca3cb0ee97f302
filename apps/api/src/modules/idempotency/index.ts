/** The idempotency module's face: the Idempotency-Key plugin, and the binder services call in the transaction that creates an operation. */
export { idempotencyPlugin, operationBinderOf, type BindOperation } from './idempotency.plugin';
