/**
 * The retirements module's face: its routes (with the execution job and the sweep), the
 * dependencies built from the app, the create the demo seed drives and the sweep the crash
 * tests drive. Lifecycle, commands, queries and repository stay internal.
 */
export { retirementsRoutes, retirementDeps } from './retirements.routes';
export type { RetirementDeps } from './retirements.context';
export { createRetirement } from './retirements.commands';
export { sweepRetirements } from './retirements.execution';
