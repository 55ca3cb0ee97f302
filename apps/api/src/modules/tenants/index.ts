/** The tenants module's face: its routes for app.ts. Tenant creation from a shell is tenants.cli.ts (`npm run tenant:create`). */
export { tenantsRoutes } from './tenants.routes';
