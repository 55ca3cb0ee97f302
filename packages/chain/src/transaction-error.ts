/**
 * A transaction error in the JSON shape Solana's RPC uses, e.g. "BlockhashNotFound" or
 * {"InstructionError":[2,{"Custom":17}]}, so both drivers and the local endpoint agree.
 */
export type TransactionErrorJson = string | { [variant: string]: unknown };

/** Token-2022 custom error codes a user can run into, for readable messages. */
const TOKEN_ERRORS: Record<number, string> = {
  1: 'insufficient funds',
  4: 'owner does not match',
  5: 'fixed supply: the mint authority was removed',
  6: 'account already in use',
  17: 'account is frozen',
  18: 'mint decimals mismatch',
  37: 'transfer is disabled for this mint (non-transferable)',
};

/** A sentence for logs and error messages. */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return err;
  const instruction = err.InstructionError;
  if (Array.isArray(instruction)) {
    const [index, detail] = instruction as [number, unknown];
    if (detail && typeof detail === 'object' && 'Custom' in detail) {
      const code = Number(detail.Custom);
      return `instruction ${index} failed: ${TOKEN_ERRORS[code] ?? `custom program error ${code}`}`;
    }
    return `instruction ${index} failed: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`;
  }
  return JSON.stringify(err);
}

/** The custom program error code of a failed instruction, if that is what failed. */
export function customErrorCode(err: TransactionErrorJson | null): number | null {
  if (!err || typeof err === 'string' || !Array.isArray(err.InstructionError)) return null;
  const detail = (err.InstructionError as [number, unknown])[1];
  return detail && typeof detail === 'object' && 'Custom' in detail ? Number(detail.Custom) : null;
}

/** kit parses every number of an RPC answer as bigint; error codes are small, so plain numbers. */
export function normalizeTransactionError(err: unknown): TransactionErrorJson | null {
  if (err === null || err === undefined) return null;
  const plain = (value: unknown): unknown => {
    if (typeof value === 'bigint') return Number(value);
    if (Array.isArray(value)) return value.map(plain);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
    return value;
  };
  return plain(err) as TransactionErrorJson;
}
