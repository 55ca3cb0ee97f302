import { createApiClient } from './api-client';
import { authStorage } from './storage';

let unauthorizedHandler: () => void = () => authStorage.clear();

/** The auth feature installs what a lost session does (clear state, back to /login). */
export function setUnauthorizedHandler(handler: () => void) {
  unauthorizedHandler = handler;
}

/** What a 401 outside the API client does (lib/upload's XMLHttpRequest uploads). */
export function handleUnauthorized() {
  unauthorizedHandler();
}

export const api = createApiClient({
  getAccessToken: () => authStorage.get('accessToken'),
  getTenantId: () => authStorage.get('tenantId'),
  onUnauthorized: () => unauthorizedHandler(),
});
