import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { profileUpdateRequest, walletSessionRequest } from './auth';
import { certificateListQuery } from './certificates';
import { mintPreviewRequest } from './minting';
import { projectListQuery } from './projects';
import { createRetirementRequest } from './retirements';
import { requestLogsQuery } from './security';
import { textTexts } from './text';
import { transactionListQuery } from './transactions';
import { createManagedWalletRequest, walletReasonRequest } from './wallets';

const UUID = '6f1c2f9e-8d7a-4b1e-9c3d-2a4b5c6d7e8f';
const ADDRESS = 'So11111111111111111111111111111111111111112';
const retirement = {
  companyId: UUID,
  walletAddress: ADDRESS,
  tokenMint: ADDRESS,
  amount: 1,
  reason: 'other',
  location: { country: 'BR' },
  beneficiaryName: 'Verde',
};
const preview = { projectId: '3107', quantity: 1, tokenName: 'Wind', symbol: 'WND', walletId: UUID };

/** The field's messages when `value` replaces it in an otherwise valid input. */
function messagesOf(schema: z.ZodType, base: Record<string, unknown>, field: string, value: string): string[] {
  const result = schema.safeParse({ ...base, [field]: value });
  return result.success ? [] : result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
}

describe('text fields of user input', () => {
  it.each([
    ['profile', profileUpdateRequest, {}, ['firstName', 'lastName', 'phone', 'jobTitle', 'department']],
    ['managed wallet', createManagedWalletRequest, {}, ['name']],
    ['retirement', createRetirementRequest, retirement, ['beneficiaryName', 'memo', 'walletAddress']],
    ['mint preview', mintPreviewRequest, preview, ['tokenName', 'logoUrl']],
    ['searches', certificateListQuery, {}, ['search']],
    ['project search', projectListQuery, {}, ['search']],
    ['transaction search', transactionListQuery, {}, ['search', 'wallet']],
    ['request logs', requestLogsQuery, {}, ['path']],
  ] as const)('%s: a NUL byte or a line break is refused with a field message', (_name, schema, base, fields) => {
    for (const field of fields) {
      expect(messagesOf(schema, base, field, 'Verde\u0000Energia'), field).toContain(textTexts.singleLine);
      expect(messagesOf(schema, base, field, 'Verde\nEnergia'), field).toContain(textTexts.singleLine);
    }
  });

  it.each([
    ['profile', profileUpdateRequest, {}, 'bio'],
    ['wallet decision', walletReasonRequest, {}, 'reason'],
    ['mint preview', mintPreviewRequest, preview, 'description'],
  ] as const)('%s: a multi-line %s keeps its line breaks and refuses NUL and other control characters', (_name, schema, base, field) => {
    expect(messagesOf(schema, base, field, 'First line\nsecond line\twith a tab')).toEqual([]);
    expect(messagesOf(schema, base, field, 'a\u0000b')).toEqual([textTexts.multiLine]);
    expect(messagesOf(schema, base, field, 'bell\u0007')).toEqual([textTexts.multiLine]);
  });

  it('keeps the signed wallet message, which spans lines, free of NUL', () => {
    const base = { email: 'a@b.test', password: 'Demo!2345', walletAddress: ADDRESS, signature: 'AAAA' };
    expect(messagesOf(walletSessionRequest, base, 'message', 'example.com wants you to sign in\n\nNonce: 1')).toEqual([]);
    expect(messagesOf(walletSessionRequest, base, 'message', 'sign in\u0000')).toEqual([textTexts.multiLine]);
  });

  it('accepts ordinary text in every language', () => {
    expect(profileUpdateRequest.parse({ firstName: '  José Ñúñez 李 ', department: 'Finanças — ESG' })).toEqual({
      firstName: 'José Ñúñez 李',
      department: 'Finanças — ESG',
    });
  });
});
