import { invitationAcceptedSchema, invitationSchema, type AcceptInvitationRequest, type Invitation } from '@carbonledger/contracts';
import { api } from '../../../lib/api';

/** What the acceptance page shows about the invitation behind a link. */
export function fetchInvitation(token: string): Promise<Invitation> {
  return api.get(`/invitations/${encodeURIComponent(token)}`, invitationSchema);
}

export function acceptInvitation(token: string, request: AcceptInvitationRequest) {
  return api.post(`/invitations/${encodeURIComponent(token)}/accept`, request, invitationAcceptedSchema);
}
