import { z } from 'zod';

/** SPEC §3 "API envelope": every API answer has this shape. */
export const envelopeMeta = {
  message: z.string(),
  timestamp: z.string(),
  requestId: z.string(),
  traceId: z.string(),
};

export const apiErrorDetail = z.object({
  code: z.string(),
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
