import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

export const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PREFIX = '/api/docs';

const zodTransform = createJsonSchemaTransform({ skipList: [OPENAPI_PATH] });

/**
 * The API described as OpenAPI 3.1 from the routes' own zod schemas (docs/api.md), served at
 * /api/openapi.json; in development also browsable at /api/docs. Only /api routes are described:
 * pages, feeds and files are documents, not the API. Register before the routes: it records every
 * route added after it.
 */
export async function registerOpenApi(app: FastifyInstance, config: Readonly<Config>) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Хмільна крамниця API',
        description: "The shop's HTTP API: docs/api.md. Errors answer `{ message, code }` (docs/errors.md). The session is the `jwt` cookie.",
        version: '1.0.0',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'jwt' } } },
    },
    transform: (input) => {
      if (!input.url.startsWith('/api/') || input.url.startsWith(DOCS_PREFIX)) return { schema: { ...input.schema, hide: true }, url: input.url };
      return zodTransform(input);
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  if (config.env === 'development') {
    // A development tool (a devDependency): never loaded in production. Its page carries its own
    // content security policy (scripts from 'self' only); the shop's pages and API keep theirs.
    const { default: fastifySwaggerUi } = await import('@fastify/swagger-ui');
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  }
}
