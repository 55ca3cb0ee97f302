import { routes } from '../../app/router';

export const routeCount = routes.length;
