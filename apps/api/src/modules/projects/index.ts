/** The projects module's face: the project and VCU endpoints, registered under the API prefix. */
export { projectsRoutes } from './projects.routes';
