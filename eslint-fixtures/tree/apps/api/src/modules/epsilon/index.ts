export { epsilonName, epsilonUsesDelta } from './epsilon.violation';
