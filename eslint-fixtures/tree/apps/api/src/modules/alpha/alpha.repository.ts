export function findAlpha(id: string): string {
  return `alpha ${id}`;
}
