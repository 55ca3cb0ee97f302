import { teamUserSchema, type CreateUserRequest } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { outboxKeys } from './outbox';
import { teamUsersKeys } from './team-users';

const createdSchema = z.object({ user: teamUserSchema, invitationSent: z.boolean() });

export function createUser(request: CreateUserRequest) {
  return api.post('/users', request, createdSchema);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: teamUsersKeys.all }), queryClient.invalidateQueries({ queryKey: outboxKeys.all })]),
  });
}
