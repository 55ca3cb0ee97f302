/**
 * The webhooks module's face: its routes (endpoints, delivery log, the event stream, the
 * delivery workers) and recordWebhookEvent, which other modules call inside the transaction
 * of the change an event reports.
 */
export { webhooksRoutes } from './webhooks.routes';
export { recordWebhookEvent, type WebhookEvent } from './webhooks.outbox';
