export function now(): number {
  return 0;
}
