import { requestLogSchema, type RequestLog, type requestLogsQuery } from '@carbonledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export type RequestLogFilters = Partial<Omit<z.output<typeof requestLogsQuery>, 'format'>>;

export const REQUEST_LOGS_PATH = '/security/request-logs';

export function fetchRequestLogs(filters: RequestLogFilters): Promise<RequestLog[]> {
  return api.get(REQUEST_LOGS_PATH, z.array(requestLogSchema), { query: { ...filters, format: 'json' } });
}

/** docs/product.md §2: the CSV export uses the filters currently applied. */
export function fetchRequestLogsCsv(filters: RequestLogFilters): Promise<string> {
  return api.get(REQUEST_LOGS_PATH, z.string(), { query: { ...filters, format: 'csv' } });
}

export const requestLogsQueryOptions = (filters: RequestLogFilters) =>
  queryOptions({ queryKey: ['request-logs', filters], queryFn: () => fetchRequestLogs(filters), staleTime: 15_000, placeholderData: keepPreviousData });

export function useRequestLogs(filters: RequestLogFilters) {
  return useQuery(requestLogsQueryOptions(filters));
}
