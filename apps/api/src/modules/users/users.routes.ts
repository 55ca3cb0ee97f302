import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationRequest,
  apiEnvelope,
  canOpenRoute,
  changeUserStatusRequest,
  createUserRequest,
  forgotPasswordRequest,
  hasPermission,
  idParams,
  invitationAcceptedSchema,
  invitationSchema,
  linkTokenParams,
  resetPasswordRequest,
  teamUserSchema,
  teamUsersOverviewSchema,
  teamUsersQuery,
  usersTexts,
} from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { actorOf, authOf, originOf } from '../../plugins/auth';
import { LOGIN_RATE_LIMIT } from '../../plugins/rate-limit';
import { acceptInvitation, describeInvitation } from './invitations.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { changeUserStatus, createUser, resendInvitation } from './users.commands';
import { usersDepsOf } from './users.deps';
import { teamOverview } from './users.queries';

const sentUser = z.object({ user: teamUserSchema, invitationSent: z.boolean() });

/** Registered under API_BASE_PATH. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = usersDepsOf(app);
  const tags = ['users'];
  // Links are opened signed out; each request costs an argon2 hash or an e-mail, so they are limited like sign-in.
  const publicRoute = { csrf: false, rateLimit: LOGIN_RATE_LIMIT };

  /** docs/product.md §6: the roles of /team/users read the team, and so do the users who manage users (users:read, e.g. COMPANY_ADMIN). */
  const teamReaders = [
    app.authenticate,
    async (request: FastifyRequest) => {
      const auth = authOf(request);
      if (!canOpenRoute(auth.role, '/team/users') && !hasPermission(auth.permissions, 'users:read')) throw new AppError('ACCESS_DENIED');
    },
  ];

  app.get(
    '/users',
    {
      onRequest: teamReaders,
      schema: {
        tags,
        summary: 'Team users: table, statistics and role distribution in the caller’s scope',
        querystring: teamUsersQuery,
        response: { 200: apiEnvelope(teamUsersOverviewSchema) },
      },
    },
    async (request) => ok(request, await teamOverview(deps, actorOf(request), request.query)),
  );

  app.post(
    '/users',
    {
      onRequest: app.requirePermission('users:manage'),
      schema: {
        tags,
        summary: 'Create a user (temporary password and/or e-mailed invitation)',
        body: createUserRequest,
        response: { 201: apiEnvelope(sentUser) },
      },
    },
    async (request, reply) => {
      const created = await createUser(deps, actorOf(request), request.body);
      reply.code(201);
      return ok(request, created, created.invitationSent ? usersTexts.createdAndInvited : usersTexts.created);
    },
  );

  app.patch(
    '/users/:id/status',
    {
      onRequest: app.requirePermission('users:manage'),
      schema: {
        tags,
        summary: 'Move a user to another status (docs/product.md §4 Users)',
        params: idParams,
        body: changeUserStatusRequest,
        response: { 200: apiEnvelope(teamUserSchema) },
      },
    },
    async (request) =>
      ok(request, await changeUserStatus(deps, originOf(request), actorOf(request), request.params.id, request.body), usersTexts.statusChanged),
  );

  app.post(
    '/users/:id/invitation',
    {
      onRequest: app.requirePermission('users:manage'),
      schema: { tags, summary: 'Send the invitation again with a new link', params: idParams, response: { 200: apiEnvelope(sentUser) } },
    },
    async (request) => ok(request, await resendInvitation(deps, actorOf(request), request.params.id), usersTexts.invitationSent),
  );

  app.get(
    '/invitations/:token',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'The invitation behind a link, before it is accepted',
        params: linkTokenParams,
        response: { 200: apiEnvelope(invitationSchema) },
      },
    },
    async (request) => ok(request, await describeInvitation(deps, request.params.token)),
  );

  app.post(
    '/invitations/:token/accept',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Accept an invitation (sets the password when there is none)',
        params: linkTokenParams,
        body: acceptInvitationRequest,
        response: { 200: apiEnvelope(invitationAcceptedSchema) },
      },
    },
    async (request) => ok(request, await acceptInvitation(deps, originOf(request), request.params.token, request.body), usersTexts.invitationAccepted),
  );

  app.post(
    '/auth/password/forgot',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link (same answer whether the account exists or not)',
        body: forgotPasswordRequest,
        response: { 200: apiEnvelope(z.null()) },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, originOf(request), request.body);
      return ok(request, null, usersTexts.passwordResetRequested);
    },
  );

  app.post(
    '/auth/password/reset',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an e-mailed link; every session ends',
        body: resetPasswordRequest,
        response: { 200: apiEnvelope(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(deps, originOf(request), request.body);
      return ok(request, null, usersTexts.passwordReset);
    },
  );
};
