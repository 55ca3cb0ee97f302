/**
 * The companies module's public face: its routes, and for the tenants module a new tenant's
 * first company and the invitation of its first administrator, inside the caller's transaction.
 */
export { companiesRoutes } from './companies.routes';
export { insertOnboardedCompany } from './companies.onboarding';
export { prepareFirstAdministrator, type Onboarder } from './companies.invitation';
export { companyProfile } from './companies.queries';
