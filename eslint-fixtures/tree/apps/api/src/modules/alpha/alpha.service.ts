import { findAlpha } from './alpha.repository';

export function readAlpha(id: string): string {
  return findAlpha(id);
}
