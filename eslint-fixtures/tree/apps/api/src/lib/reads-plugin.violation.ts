import { who } from '../plugins/auth';

export const fromPlugin = who;
