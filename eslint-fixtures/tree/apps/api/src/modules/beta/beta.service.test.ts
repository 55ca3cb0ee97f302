// Another module's test helper is open to tests.
import { seededAlpha } from '../alpha/alpha.testing';

export const probe = seededAlpha();
