import { z } from 'zod';

/** docs/product.md §3 "API envelope": every API answer has this shape. */
export const envelopeMeta = {
  message: z.string(),
  timestamp: z.string(),
  requestId: z.string(),
  traceId: z.string(),
};

export const apiErrorDetail = z.object({
  /** The generic code (VALIDATION_ERROR, CONFLICT, …). */
  code: z.string(),
  /** A business failure's own code (e.g. RETIREMENT__NOT_CANCELLABLE), when it has one. */
  reason: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

export function apiEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, ...envelopeMeta });
}

export const apiErrorEnvelope = z.object({
  success: z.literal(false),
  data: z.null(),
  error: apiErrorDetail,
  ...envelopeMeta,
});

export type ApiEnvelope<T> = { success: true; data: T; message: string; timestamp: string; requestId: string; traceId: string };
export type ApiErrorEnvelope = z.infer<typeof apiErrorEnvelope>;
export type ApiErrorDetail = z.infer<typeof apiErrorDetail>;

export const TRACE_ID_PATTERN = /^[0-9a-f]{32}$/;
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
