import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const masterKey = randomBytes(32);
  const box = createSecretBox(masterKey, 'mfa-secret');

  it('opens what it sealed for the same owner, and never stores the plaintext', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(box.seal('same', 'user-1')).not.toBe(box.seal('same', 'user-1'));
  });

  it('refuses a secret moved to another owner, sealed under another key or tampered with', () => {
    const sealed = box.seal('secret', 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    expect(() => createSecretBox(randomBytes(32), 'mfa-secret').open(sealed, 'user-1')).toThrow();
    expect(() => createSecretBox(masterKey, 'other-purpose').open(sealed, 'user-1')).toThrow();
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.open(bytes.toString('base64'), 'user-1')).toThrow();
  });
});
