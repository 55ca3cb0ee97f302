import { readBeta } from '../modules/beta';

export const fromModule = readBeta('lib');
