/** Conversions between what an administrator types in the Blockchain tab and what the API takes. */

/** "0.25" SOL → "250000000" lamports; null when it is not a number of SOL with at most 9 decimals. */
export function solToLamports(text: string): string | null {
  const match = /^(\d{1,7})(?:\.(\d{1,9}))?$/.exec(text.trim());
  if (!match) return null;
  return (BigInt(match[1]!) * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'))).toString();
}

/** "1.5" % → 150 basis points; null when it has more than two decimals or is not a number. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function bpsToPercent(bps: number): string {
  return (bps / 100).toString();
}

/** "12.50" USD → 1250 cents; null when it is not an amount with at most two decimals. */
export function usdToCents(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function centsToUsd(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Lamports a transaction pays on top of the base fee: compute units × micro-lamports per unit, rounded up (as the API prices it). */
export function priorityLamports(computeUnitLimit: number, microLamports: number): bigint {
  return (BigInt(computeUnitLimit) * BigInt(microLamports) + 999_999n) / 1_000_000n;
}

/** "250000000" lamports → "0.25" (SOL, as typed back into the threshold field). */
export function lamportsToSol(lamports: string): string {
  const value = BigInt(lamports);
  const fraction = (value % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${value / 1_000_000_000n}${fraction ? `.${fraction}` : ''}`;
}
