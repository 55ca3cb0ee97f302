/** The signing module's public face: its routes (prepare → sign → submit, the browser half). */
export { signingRoutes } from './signing.routes';
