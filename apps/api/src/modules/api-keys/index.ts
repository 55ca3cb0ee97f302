/**
 * The API keys module's face: the gate the auth plugin's guards call for `clk_…` keys (with its
 * rate limits and usage recording), registered before the auth plugin, the /api-management
 * routes, and apiKeyIsLive for connections a key keeps open (the event stream).
 */
export { apiKeyGatePlugin, type ApiKeyGate } from './api-keys.gate';
export { apiKeysRoutes } from './api-keys.routes';
export { apiKeyIsLive } from './api-keys.queries';
