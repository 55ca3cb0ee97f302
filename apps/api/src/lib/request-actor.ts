import type { FastifyRequest } from 'fastify';
import type { Role } from '@carbonledger/contracts';
import { authOf } from '../plugins/auth';

/** A signed-in user acting for their company (or, by role, for the whole tenant), with what the audit log records of the request. */
export interface RequestActor {
  tenantId: string;
  companyId: string;
  userId: string;
  role: Role;
  requestId?: string | null;
  ip?: string | null;
}

/** The caller of a guarded route as the services' actor. */
export function requestActorOf(request: FastifyRequest): RequestActor {
  const auth = authOf(request);
  return { tenantId: auth.tenantId, companyId: auth.companyId, userId: auth.userId, role: auth.role, requestId: request.id, ip: request.ip };
}
