import { epsilonName } from '../epsilon';

export const deltaName = 'delta';
export const deltaUsesEpsilon = () => epsilonName;
