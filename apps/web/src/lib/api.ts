import { createApiClient } from './api-client';
import { authStorage } from './storage';

let unauthorizedHandler: () => void = () => authStorage.clear();

/** The auth feature installs what a lost session does (clear state, back to /login). */
export function setUnauthorizedHandler(handler: () => void) {
  unauthorizedHandler = handler;
}

export const api = createApiClient({
  getAccessToken: () => authStorage.get('accessToken'),
  getTenantId: () => authStorage.get('tenantId'),
  onUnauthorized: () => unauthorizedHandler(),
});
