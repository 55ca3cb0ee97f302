import { seededAlpha } from '../alpha/alpha.testing';

export const shipped = seededAlpha();
