// A module's own tests may reach its internals.
import { findAlpha } from './alpha.repository';

export const probe = findAlpha('test');
