import { findAlpha } from '../alpha/alpha.repository';

export const bypass = findAlpha('beta');
