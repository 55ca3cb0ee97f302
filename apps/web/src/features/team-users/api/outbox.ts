import { outboxMessageSchema, type OutboxMessage } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const outboxKeys = { all: ['mail-outbox'] as const };

export function fetchOutbox(): Promise<OutboxMessage[]> {
  return api.get('/mail/outbox', z.array(outboxMessageSchema));
}

export const outboxQuery = () => queryOptions({ queryKey: outboxKeys.all, queryFn: fetchOutbox, refetchInterval: 15_000 });

export function useOutbox(enabled: boolean) {
  return useQuery({ ...outboxQuery(), enabled });
}
