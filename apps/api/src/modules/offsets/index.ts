/** The offset requests module's face: its routes (which also register the approval engine's handler for offset requests). */
export { offsetsRoutes } from './offsets.routes';
