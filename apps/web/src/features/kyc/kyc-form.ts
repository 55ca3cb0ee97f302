import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

/** A step's answers as the form holds them: every field a string, empty when not given. */
export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

const KYC_REASONS = ['KYC__NOT_EDITOR', 'KYC__NOT_EDITABLE', 'KYC__INCOMPLETE', 'KYC__DOCUMENT_UNSUPPORTED', 'KYC__DOCUMENT_TOO_LARGE'] as const;

/** What a failed KYC call tells the user: the KYC__ reason's own text, else the server's message translated. */
export function kycFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const reason = KYC_REASONS.find((candidate) => error.is(candidate));
    if (reason) return t(`kyc.errors.${reason}`);
    return translateMessage(t, error.message);
  }
  return t('kyc.errors.unknown');
}

/** Empty strings become absent (optional fields) before the contract's schema checks the step. */
export function compact(values: FormValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/** The contract schema's verdict on a step: the parsed value, or one message per field (a missing one reads "required"). */
export function checkStep<S extends z.ZodType>(t: TFunction, schema: S, value: unknown): { data: z.output<S> } | { errors: FieldErrors } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'form';
    const missing = issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.minimum === 1 && issue.origin === 'string');
    errors[key] ??= missing ? t('kyc.required') : translateMessage(t, issue.message);
  }
  return { errors };
}

/** A stored section as form values (absent fields as empty strings). */
export function valuesOf(record: object | null | undefined, fields: readonly string[]): FormValues {
  const source = (record ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return Object.fromEntries(fields.map((field) => [field, text(source[field])]));
}
