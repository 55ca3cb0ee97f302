import { now } from '../lib/clock';

export const openedAt = now();
