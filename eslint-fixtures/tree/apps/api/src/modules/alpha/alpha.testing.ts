import { findAlpha } from './alpha.repository';

/** A test helper: other modules' tests may import it. */
export const seededAlpha = () => findAlpha('seed');
