/**
 * The users module's face: the team routes (list, create, status, invitations), the invitation
 * and password-reset link routes, and inviteUser / prepareInvitation for modules that create a
 * user themselves (a new tenant's or company's first COMPANY_ADMIN): they check their own right
 * to create it, this module creates the user and e-mails the invitation.
 */
export { usersRoutes } from './users.routes';
export { inviteUser, prepareInvitation, type CreatedBy, type NewUser, type PreparedUser } from './invitations.service';
export { usersDepsOf, type UsersDeps } from './users.deps';
