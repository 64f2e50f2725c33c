import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromWire, toWireJson } from '../../shared/wire/index.js';

/**
 * The routes' zod schemas speak the true names; these compilers add the API's original names to
 * every answer and read them in every posted body (src/shared/wire, docs/decisions/032-true-names-at-the-edge.md).
 */
const zodSchemaOf = (schema: unknown): z.core.$ZodType => (schema instanceof z.core.$ZodType ? schema : (schema as { properties: z.core.$ZodType }).properties);

export const wireValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  const schema = zodSchemaOf(route.schema);
  return (body) => validate(fromWire(schema, body));
};

export const wireSerializerCompiler: FastifySerializerCompiler<z.core.$ZodType> =
  ({ schema: maybeSchema, method, url }) =>
  (data) => {
    const schema = zodSchemaOf(maybeSchema);
    const result = z.safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return toWireJson(schema, result.data);
  };
