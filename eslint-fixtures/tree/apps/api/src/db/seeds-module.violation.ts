import { readBeta } from '../modules/beta';

export const seeded = readBeta('db');
