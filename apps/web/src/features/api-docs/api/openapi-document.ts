import { API_BASE_PATH } from '@carbonledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const OPENAPI_DOCUMENT_URL = `${API_BASE_PATH}/openapi.json`;

/** Only what the examples read: the document itself is the API's (apps/api/src/plugins/openapi.ts), public and not enveloped. */
const openApiDocumentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export async function fetchOpenApiDocument(): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_DOCUMENT_URL, { credentials: 'omit' });
  if (!response.ok) throw new Error(`GET ${OPENAPI_DOCUMENT_URL}: ${response.status}`);
  return openApiDocumentSchema.parse(await response.json());
}

export const openApiDocumentQuery = queryOptions({ queryKey: ['api-docs', 'openapi'], queryFn: fetchOpenApiDocument, staleTime: Infinity });

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQuery);
}
