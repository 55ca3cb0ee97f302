import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { tokenMints } from '../../db/schema';

export type TokenMintRow = typeof tokenMints.$inferSelect;

/** The tenant's project mints, oldest first: the allowed mints of its approved wallets. */
export async function listTokenMints(tx: Tx): Promise<TokenMintRow[]> {
  return tx.select().from(tokenMints).orderBy(asc(tokenMints.createdAt), asc(tokenMints.mintAddress));
}

export async function findTokenMint(tx: Tx, mintAddress: string): Promise<TokenMintRow | undefined> {
  const [row] = await tx.select().from(tokenMints).where(eq(tokenMints.mintAddress, mintAddress));
  return row;
}

/** Called by the minting feature once a project mint exists on chain; idempotent per mint address. */
export async function recordTokenMint(
  tx: Tx,
  values: { tenantId: string; projectReference: string | null; mintAddress: string; symbol: string; name: string; decimals: number },
): Promise<TokenMintRow> {
  const [inserted] = await tx.insert(tokenMints).values(values).onConflictDoNothing({ target: tokenMints.mintAddress }).returning();
  return inserted ?? (await findTokenMint(tx, values.mintAddress))!;
}
