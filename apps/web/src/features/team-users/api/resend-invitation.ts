import { teamUserSchema } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { outboxKeys } from './outbox';
import { teamUsersKeys } from './team-users';

export function resendInvitation(userId: string) {
  return api.post(`/users/${encodeURIComponent(userId)}/invitation`, undefined, z.object({ user: teamUserSchema, invitationSent: z.boolean() }));
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: teamUsersKeys.all }), queryClient.invalidateQueries({ queryKey: outboxKeys.all })]),
  });
}
