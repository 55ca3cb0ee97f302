import type { Tx } from '../../db/database';
import { chainSettings } from '../../db/schema';

export type ChainSettingsRow = typeof chainSettings.$inferSelect;

export async function findSettings(tx: Tx): Promise<ChainSettingsRow | undefined> {
  const [row] = await tx.select().from(chainSettings);
  return row;
}

export async function upsertSettings(tx: Tx, values: typeof chainSettings.$inferInsert): Promise<ChainSettingsRow> {
  const { tenantId: _tenantId, ...changes } = values;
  const [row] = await tx
    .insert(chainSettings)
    .values(values)
    .onConflictDoUpdate({ target: chainSettings.tenantId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Records which keys were alerted as low without touching the settings or when they last changed. */
export async function saveLowBalanceAlerted(tx: Tx, values: typeof chainSettings.$inferInsert): Promise<void> {
  await tx
    .insert(chainSettings)
    .values(values)
    .onConflictDoUpdate({ target: chainSettings.tenantId, set: { lowBalanceAlerted: values.lowBalanceAlerted } });
}
