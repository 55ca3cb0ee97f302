import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { linkedWallets, users } from '../../db/schema';

export async function setPhotoCid(tx: Tx, userId: string, photoCid: string | null): Promise<{ previous: string | null }> {
  const [before] = await tx.select({ photoCid: users.photoCid }).from(users).where(eq(users.id, userId));
  await tx.update(users).set({ photoCid, updatedAt: new Date() }).where(eq(users.id, userId));
  return { previous: before?.photoCid ?? null };
}

/** Removes the link of this wallet to this user; answers the removed link, or undefined when there was none. */
export async function deleteWalletLink(tx: Tx, userId: string, walletAddress: string) {
  const [row] = await tx
    .delete(linkedWallets)
    .where(and(eq(linkedWallets.userId, userId), eq(linkedWallets.walletAddress, walletAddress)))
    .returning();
  return row;
}
