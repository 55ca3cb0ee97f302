import { deltaName } from '../delta';

export const epsilonName = 'epsilon';
export const epsilonUsesDelta = () => deltaName;
