export { readBeta } from './beta.service';
