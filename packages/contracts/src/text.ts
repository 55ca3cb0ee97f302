import { z } from 'zod';

/**
 * Text fields of user input. PostgreSQL refuses NUL in text (the request would end in a server
 * error), and no control character belongs in a name, a title or a search; line breaks and tabs
 * stay allowed where a text may span lines (a bio, a description, a signed message).
 */
export const textTexts = {
  singleLine: 'Must be one line without control characters.',
  multiLine: 'Must not contain control characters.',
} as const;

const SINGLE_LINE = /^\P{Cc}*$/u;
const MULTI_LINE = /^(?:\P{Cc}|[\t\n\r])*$/u;

/** A one-line text (names, titles, reasons, searches, identifiers): no control character at all. */
export function singleLineText() {
  return z.string().regex(SINGLE_LINE, textTexts.singleLine);
}

/** A text that may span lines: line breaks and tabs, but no other control character. */
export function multiLineText() {
  return z.string().regex(MULTI_LINE, textTexts.multiLine);
}
