import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@carbonledger/contracts';

/** OpenAPI 3.1 generated from the zod route schemas, with a rendered reference. */
export const openapiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Carbonledger API', description: 'Enterprise Carbon Credits Management', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/reference` });
  app.get(`${API_BASE_PATH}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
});
