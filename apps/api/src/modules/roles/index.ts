/**
 * The roles module's face: the /team/roles routes (permission matrix, custom roles, their
 * assignment), the column the session check and restore read a user's custom permissions
 * with, and for the users module the roles an actor may hand out and the assignment inside
 * its own transaction.
 */
export { rolesRoutes } from './roles.routes';
export { customPermissionsOfUser } from './roles.permissions';
export { rolesAssignableBy } from './roles.queries';
export { assignCustomRoleInTx } from './roles.assignment';
