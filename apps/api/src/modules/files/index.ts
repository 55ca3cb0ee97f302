/** The files module's face: the content-addressed store's routes. */
export { filesRoutes } from './files.routes';
