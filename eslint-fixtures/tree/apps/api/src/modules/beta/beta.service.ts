import { readAlpha } from '../alpha';
import { now } from '../../lib/clock';

export function readBeta(id: string): string {
  return `${readAlpha(id)} at ${now()}`;
}
