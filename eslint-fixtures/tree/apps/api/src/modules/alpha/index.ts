export { readAlpha } from './alpha.service';
