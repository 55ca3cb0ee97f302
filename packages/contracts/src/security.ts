import { z } from 'zod';
import { multiLineText, singleLineText } from './text';

export const severitySchema = z.enum(['critical', 'high', 'medium', 'low']);
export type Severity = z.infer<typeof severitySchema>;

/** docs/product.md §3 Security alert. */
export const securityAlertSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  severity: severitySchema,
  timestamp: z.string(),
  resolved: z.boolean(),
});
export type SecurityAlert = z.infer<typeof securityAlertSchema>;

export const securityAlertsQuery = z.object({
  resolved: z.enum(['true', 'false']).optional(),
  severity: severitySchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const securityEventTypeSchema = z.enum([
  'login_succeeded',
  'login_failed',
  'account_locked',
  'account_unlocked',
  'new_device_login',
  'mfa_enabled',
  'mfa_disabled',
  'session_revoked',
  'password_changed',
  'wallet_linked',
  'wallet_unlinked',
  'csrf_rejected',
  'user_disabled',
]);
export type SecurityEventType = z.infer<typeof securityEventTypeSchema>;

export const securityEventSchema = z.object({
  id: z.uuid(),
  type: securityEventTypeSchema,
  userId: z.uuid().nullable(),
  userEmail: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventsQuery = z.object({
  type: securityEventTypeSchema.optional(),
  userId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** docs/product.md §3 Session (monitoring). */
export const monitoredSessionSchema = z.object({
  id: z.uuid(),
  user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  device: z.string(),
  location: z.string(),
  ip: z.string().nullable(),
  loginTime: z.string(),
  lastSeen: z.string(),
  durationSeconds: z.number().int().nonnegative(),
  status: z.enum(['active', 'idle', 'expired', 'revoked']),
  current: z.boolean(),
});
export type MonitoredSession = z.infer<typeof monitoredSessionSchema>;

export const sessionStatsSchema = z.object({
  active: z.number().int(),
  idle: z.number().int(),
  revokedLast24h: z.number().int(),
  uniqueUsers: z.number().int(),
  averageDurationSeconds: z.number(),
});
export type SessionStats = z.infer<typeof sessionStatsSchema>;

/** docs/product.md §3 Request log. */
export const requestLogSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  method: z.string(),
  path: z.string(),
  statusCode: z.number().int(),
  responseTimeMs: z.number(),
  userId: z.uuid().nullable(),
  /** The signed-in user's name (null for anonymous requests). */
  userName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type RequestLog = z.infer<typeof requestLogSchema>;

export const requestLogsQuery = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  status: z.enum(['2xx', '3xx', '4xx', '5xx']).optional(),
  path: singleLineText().max(200).optional(),
  userId: z.uuid().optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  format: z.enum(['json', 'csv']).default('json'),
});

/** POST /logs/frontend-error (docs/product.md §7). */
export const frontendErrorReport = z.object({
  name: singleLineText().max(200),
  message: multiLineText().max(4000),
  stack: multiLineText().max(20_000).optional(),
  componentStack: multiLineText().max(20_000).optional(),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type FrontendErrorReport = z.infer<typeof frontendErrorReport>;

/** GET /realtime/config (docs/product.md §3). */
export const realtimeConfigSchema = z.object({ path: z.string(), namespace: z.string(), guestNamespace: z.string() });
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;
