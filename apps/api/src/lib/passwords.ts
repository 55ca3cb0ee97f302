import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP password storage guidance for argon2id: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2ID = { algorithm: 2 satisfies Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
