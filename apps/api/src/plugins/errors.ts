import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_BASE_PATH, errorCatalogue, type ApiErrorEnvelope, type ErrorCode } from '@carbonledger/contracts';
import { AppError } from '../lib/app-error';

/** Answers with the error envelope directly, for hooks that must not go through a route's own error handler. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const body: ApiErrorEnvelope = {
    success: false,
    data: null,
    message: error.message,
    error: { code: error.code, ...(error.reason && { reason: error.reason }), ...(error.fields && { fields: error.fields }) },
    timestamp: new Date().toISOString(),
    requestId: request.id,
    traceId: request.traceId,
  };
  return reply.status(error.status).type('application/json').send(body);
}

/** Field path "body.email" style keys, as forms expect them, with zod's messages. */
function fieldsOf(error: FastifyError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const key = params?.issue?.path?.map(String).join('.') || issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (fields[key] ??= []).push(issue.message ?? 'Invalid value');
  }
  return fields;
}

/** Maps Fastify's own client errors (bad JSON, wrong content type, too large) to catalogue codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError) || fastifyError.validation) {
    return AppError.validation(fieldsOf(fastifyError));
  }
  if (fastifyError.code && FASTIFY_CLIENT_ERRORS[fastifyError.code]) {
    return new AppError(FASTIFY_CLIENT_ERRORS[fastifyError.code]!);
  }
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('VALIDATION_ERROR', errorCatalogue.VALIDATION_ERROR.message, { cause: error });
  }
  return new AppError('INTERNAL_ERROR', undefined, { cause: error });
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, appError.message);
    return sendAppError(request, reply, appError);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_BASE_PATH) || !app.hasDecorator('serveSpa')) {
      return sendAppError(request, reply, new AppError('NOT_FOUND'));
    }
    return app.serveSpa(request, reply);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    serveSpa(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}
