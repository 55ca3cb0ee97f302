import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiEnvelope,
  assignCustomRoleRequest,
  createCustomRoleRequest,
  customRoleAssignmentSchema,
  customRoleCandidateSchema,
  customRoleIdParams,
  customRoleListQuery,
  customRoleSchema,
  customRoleTexts,
  idParams,
  rolesOverviewSchema,
  updateCustomRoleRequest,
} from '@carbonledger/contracts';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { assignCustomRole } from './roles.assignment';
import { createCustomRole, deleteCustomRole, updateCustomRole } from './roles.commands';
import { rolesDeps } from './roles.deps';
import { customRoleCandidates, rolesOverview } from './roles.queries';

const tags = ['roles'];

/**
 * /team/roles (docs/product.md §6): the permission matrix, custom roles and their assignment.
 * Reading is open to whoever may open the screen or holds roles:manage (decided in
 * rolesOverview, which needs the caller's current permissions); every change needs roles:manage.
 */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = rolesDeps(app);
  const managers = app.requirePermission('roles:manage');
  const role = apiEnvelope(customRoleSchema);

  app.get(
    '/roles',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Fixed roles with their permissions, and the custom roles in scope',
        querystring: customRoleListQuery,
        response: { 200: apiEnvelope(rolesOverviewSchema) },
      },
    },
    async (request) => ok(request, await rolesOverview(deps, actorOf(request), request.query)),
  );

  app.post(
    '/roles/custom',
    { onRequest: managers, schema: { tags, summary: 'Create a custom role for a company', body: createCustomRoleRequest, response: { 201: role } } },
    async (request, reply) => {
      reply.code(201);
      return ok(request, await createCustomRole(deps, actorOf(request), request.body), customRoleTexts.created);
    },
  );

  app.patch(
    '/roles/custom/:id',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Change the name, description or permissions of a custom role',
        params: customRoleIdParams,
        body: updateCustomRoleRequest,
        response: { 200: role },
      },
    },
    async (request) => ok(request, await updateCustomRole(deps, actorOf(request), request.params.id, request.body), customRoleTexts.updated),
  );

  app.delete(
    '/roles/custom/:id',
    {
      onRequest: managers,
      schema: { tags, summary: 'Delete a custom role nobody holds', params: customRoleIdParams, response: { 200: apiEnvelope(z.null()) } },
    },
    async (request) => {
      await deleteCustomRole(deps, actorOf(request), request.params.id);
      return ok(request, null, customRoleTexts.deleted);
    },
  );

  app.get(
    '/roles/custom/:id/candidates',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: "Users of the role's company with its base role",
        params: customRoleIdParams,
        response: { 200: apiEnvelope(z.array(customRoleCandidateSchema)) },
      },
    },
    async (request) => ok(request, await customRoleCandidates(deps, actorOf(request), request.params.id)),
  );

  app.put(
    '/users/:id/custom-role',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Give a user a custom role of their company, or take it away (null)',
        params: idParams,
        body: assignCustomRoleRequest,
        response: { 200: apiEnvelope(customRoleAssignmentSchema) },
      },
    },
    async (request) => {
      const assignment = await assignCustomRole(deps, actorOf(request), request.params.id, request.body.customRoleId);
      return ok(request, assignment, assignment.customRoleId ? customRoleTexts.assigned : customRoleTexts.unassigned);
    },
  );
};
