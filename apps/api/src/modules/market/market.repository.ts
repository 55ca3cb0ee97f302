import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database';

// The market module is a read model like the dashboard: it reads the ledger's rows (mint
// operations, retirements, company wallets) that the minting, retirements and wallets modules write.

export interface VolumeDayRow {
  day: string;
  minted: string;
  retired: string;
}

/**
 * tCO2e minted (completed mint operations) and retired (completed retirements) per UTC day
 * since `since`, for one company or, without one, the whole tenant.
 */
export async function dailyVolume(tx: Tx, since: Date, companyId: string | undefined): Promise<VolumeDayRow[]> {
  const company = companyId ?? null;
  return rowsOf<VolumeDayRow>(
    await tx.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(minted)::text as minted, sum(retired)::text as retired from (
        select date_trunc('day', coalesce(completed_at, created_at) at time zone 'UTC') as day, quantity::numeric as minted, 0::numeric as retired
          from mint_operations
          where status = 'completed' and coalesce(completed_at, created_at) >= ${since.toISOString()}::timestamptz
            and (${company}::uuid is null or company_id = ${company}::uuid)
        union all
        select date_trunc('day', coalesce(completed_at, created_at) at time zone 'UTC'), 0, amount::numeric / power(10::numeric, decimals)
          from retirements
          where status = 'completed' and coalesce(completed_at, created_at) >= ${since.toISOString()}::timestamptz
            and (${company}::uuid is null or company_id = ${company}::uuid)
      ) moves group by day order by day`),
  );
}

/** The status of each of the company's wallets that is not removed. */
export async function walletStatuses(tx: Tx, companyId: string): Promise<{ id: string; status: string }[]> {
  return rowsOf<{ id: string; status: string }>(
    await tx.execute(sql`select id, status from company_wallets where company_id = ${companyId} and removed_at is null`),
  );
}

/** Whether the company exists in the tenant (RLS confines the lookup to it). */
export async function companyExists(tx: Tx, companyId: string): Promise<boolean> {
  return rowsOf(await tx.execute(sql`select 1 from companies where id = ${companyId}`)).length > 0;
}
