import { z } from 'zod';

/** Whole tCO2e asked for (a mint, a retirement) as a JSON integer or a decimal string; the server turns it into a bigint. */
export const tonnesField = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number of tCO2e')])
  .transform((value) => BigInt(value));

/** An exact amount of tCO2e as a decimal string ("120", "0.5"): tokens of mints with different decimals summed. */
export const tonnesString = z.string().regex(/^\d+(\.\d+)?$/);

/**
 * Base-unit amounts of mints with different decimals summed exactly, in tCO2e (1 token = 1 tCO2e):
 * adding raw base units of a 0-decimal and a 6-decimal mint would count a million for one tonne.
 */
export function sumAsTonnes(amounts: readonly { amount: bigint; decimals: number }[]): string {
  const scale = Math.max(0, ...amounts.map((part) => part.decimals));
  const total = amounts.reduce((sum, part) => sum + part.amount * 10n ** BigInt(scale - part.decimals), 0n);
  return formatBaseUnits(total, scale);
}

/** Base units of a token with `decimals` (tCO2e tokens, lamports of SOL) as an exact decimal string: "122.5", "10". */
export function formatBaseUnits(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${units / scale}.${fraction}` : (units / scale).toString();
}
