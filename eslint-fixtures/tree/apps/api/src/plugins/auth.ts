import { readAlpha } from '../modules/alpha/index';

export const who = readAlpha('plugin');
