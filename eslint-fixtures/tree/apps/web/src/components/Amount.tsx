import { formatAmount } from '../lib/format';

export function Amount({ value }: { value: number }) {
  return <span>{formatAmount(value)}</span>;
}
