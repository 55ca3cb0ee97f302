export { filesRoutes } from './files.routes';
