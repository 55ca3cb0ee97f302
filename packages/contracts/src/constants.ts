/** Business constants and limits of docs/product.md §9. */
export const API_BASE_PATH = '/api/v1';
export const API_TIMEOUT_MS = 10_000;
export const TOKEN_REFRESH_AT = 0.8;
export const CSRF_TOKEN_PATTERN = /^[0-9a-f]{32}$/;
export const TRACE_ID_BYTES = 16;

export const REALTIME = {
  path: '/socket.io',
  namespace: '/realtime',
  guestNamespace: '/guest',
  maxReconnectAttempts: 10,
  baseDelayMs: 1000,
  serverCloseDelayMs: 5000,
  heartbeatIntervalMs: 30_000,
  missedHeartbeatsAllowed: 3,
  connectTimeoutMs: 10_000,
  keepTransactions: 50,
  keepNotifications: 100,
  keepSecurityAlerts: 50,
  keepSecurityEvents: 100,
  persistNotifications: 10,
} as const;

export const NOTIFICATIONS = { toastAutoHideMs: 6000, maxToasts: 3, popoverSize: 10 } as const;
export const SECURITY_BELL = { listSize: 5, badgeMax: 99 } as const;
export const TOASTS = { defaultDurationMs: 4000, maxVisible: 3, enterMs: 225, exitMs: 195 } as const;

export const QUERY_DEFAULTS = {
  staleTimeMs: 5 * 60_000,
  gcTimeMs: 10 * 60_000,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
  maxQueryAttempts: 3,
  mutationRetries: 1,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const MFA_CODE_LENGTH = 6;
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export const USAGE_PERIODS = ['1h', '24h', '7d', '30d', '90d'] as const;
export const APPROVAL_HISTORY_DAYS = 30;
export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const PAYMENT_METHODS = ['credit_card', 'bank_transfer', 'wire_transfer', 'check', 'cash'] as const;
export const EXPORT_FORMATS = ['JSON', 'CSV', 'XML'] as const;
export const EXPORT_TYPES = ['users', 'transactions', 'compliance', 'audit_logs', 'all'] as const;

export const LANGUAGES = ['en', 'pt', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const LAYOUT = { headerHeight: 72, drawerCollapsed: 73, drawerExpanded: 280 } as const;
export const CHUNK_RETRY = { attempts: 3, delayMs: 1000 } as const;

export const LEDGER_DERIVATION_PATH = "m/44'/501'/0'/0'";
export const LEDGER_CHUNK_SIZE = 255;
export const WALLET_DETECTION_TIMEOUT_MS = 5000;
export const A11Y_ANNOUNCEMENT_MS = 1000;

/** Client storage keys of docs/product.md §3. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  tenantId: 'currentTenantId',
  userId: 'userId',
  companyId: 'companyId',
  sessionId: 'sessionId',
  sessionFingerprint: 'sessionFingerprint',
  theme: 'themePreference',
  language: 'i18nextLng',
} as const;

/** Header names of docs/product.md §7. */
export const HEADERS = {
  traceId: 'x-trace-id',
  requestId: 'x-request-id',
  tenantId: 'x-tenant-id',
  csrfToken: 'x-csrf-token',
  idempotencyKey: 'idempotency-key',
  sessionId: 'x-session-id',
  sessionFingerprint: 'x-session-fingerprint',
} as const;
