/** First and last characters of an address, enough to recognise it. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
}

/** Base units (decimal string) as a decimal amount with the mint's decimals. */
export function formatTokenAmount(amount: string, decimals: number): string {
  if (decimals === 0) return BigInt(amount).toLocaleString();
  const value = BigInt(amount);
  const scale = 10n ** BigInt(decimals);
  const fraction = (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${(value / scale).toLocaleString()}${fraction ? `.${fraction}` : ''}`;
}

export function formatSol(lamports: bigint | string): string {
  return `${formatTokenAmount(BigInt(lamports).toString(), 9)} SOL`;
}
