export { deltaName, deltaUsesEpsilon } from './delta.violation';
