import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicKeyFromAddress, verifySignature } from '@solana/kit';
import { createTestDatabase } from '../../test/test-app';
import { pgErrorOf, type Database } from '../../db/database';
import { platformKeys } from '../../db/schema';
import { createTenantForTests } from '../tenants/tenants.testing';
import { masterKeyFromHex, openSecret, sealSecret } from './key-encryption';
import { createDatabaseKeyring, platformKeyAddresses } from './platform-keys.service';

describe('platform keys', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let tenantA: string;
  let tenantB: string;
  const masterKey = masterKeyFromHex(randomBytes(32).toString('hex'));

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    // Two tenants as the product makes them (modules/tenants).
    tenantA = (await createTenantForTests(database, 'alpha-keys')).tenantId;
    tenantB = (await createTenantForTests(database, 'beta-keys')).tenantId;
  });
  afterAll(() => drop());

  it('generates each key once and signs with it after a restart (new keyring, same master key)', async () => {
    const first = await database.withTenant(tenantA, (tx) => platformKeyAddresses(createDatabaseKeyring(masterKey), tx, tenantA));
    expect(new Set(Object.values(first)).size).toBe(3);
    const restarted = createDatabaseKeyring(masterKey);
    const issuer = await database.withTenant(tenantA, (tx) => restarted.signer(tx, tenantA, 'issuer'));
    expect(issuer.address).toBe(first.issuer);
    const message = new TextEncoder().encode('carbonledger');
    const signature = await issuer.sign(message);
    expect(await verifySignature(await getPublicKeyFromAddress(issuer.address), signature, message)).toBe(true);
  });

  it('stores only ciphertext, which a wrong master key cannot open', async () => {
    const [row] = await database.withTenant(tenantA, (tx) => tx.select().from(platformKeys));
    const sealed = Buffer.from(row!.encryptedSecret, 'base64');
    expect(sealed.length).toBeGreaterThan(32);
    const context = `platform-key:${row!.tenantId}:${row!.purpose}:${row!.address}`;
    const seed = openSecret(masterKey, row!.encryptedSecret, context);
    expect(seed).toHaveLength(32);
    expect(sealed.includes(Buffer.from(seed))).toBe(false);
    expect(() => openSecret(masterKeyFromHex(randomBytes(32).toString('hex')), row!.encryptedSecret, context)).toThrow();
    expect(() => openSecret(masterKey, row!.encryptedSecret, `platform-key:${tenantB}:${row!.purpose}:${row!.address}`)).toThrow();
    expect(sealSecret(masterKey, seed, context)).not.toBe(row!.encryptedSecret);
  });

  it('refuses to load keys under a different master key', async () => {
    const wrong = createDatabaseKeyring(masterKeyFromHex(randomBytes(32).toString('hex')));
    await expect(database.withTenant(tenantA, (tx) => wrong.signer(tx, tenantA, 'freeze'))).rejects.toThrow();
  });

  it("keeps tenant B from reading or using tenant A's keys", async () => {
    const keyring = createDatabaseKeyring(masterKey);
    const keysOfA = await database.withTenant(tenantA, (tx) => platformKeyAddresses(keyring, tx, tenantA));
    const seenByB = await database.withTenant(tenantB, (tx) => tx.select().from(platformKeys));
    expect(seenByB).toEqual([]);
    // Asking for tenant A's key from inside tenant B finds nothing and cannot write one either.
    const error = await database.withTenant(tenantB, (tx) => keyring.signer(tx, tenantA, 'issuer')).catch((e: unknown) => e);
    expect(pgErrorOf(error)?.message).toMatch(/row-level security/);
    const keysOfB = await database.withTenant(tenantB, (tx) => platformKeyAddresses(keyring, tx, tenantB));
    expect(Object.values(keysOfB)).not.toContain(keysOfA.issuer);
  });
});
