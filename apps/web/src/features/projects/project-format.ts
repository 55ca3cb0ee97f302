/** Share of `part` in `whole` as a whole percentage (0 when there is nothing). */
export function percentOf(part: string, whole: string): number {
  const total = BigInt(whole);
  if (total === 0n) return 0;
  return Number((BigInt(part) * 100n) / total);
}
