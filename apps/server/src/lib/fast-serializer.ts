import fastJson from 'fast-json-stringify';
import type { FastifySchema } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodRouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * The same shape read as input and as output: objects read as input accept other properties,
 * which the output (like the serializers) drops, so that difference does not count.
 */
const shapeOf = (jsonSchema: object | null) =>
  JSON.stringify(jsonSchema, (key, value: unknown) =>
    key === 'additionalProperties' && value === false ? undefined : value,
  );

/** The JSON Schema of a zod schema as written (`io`), or null when it has none. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): object | null {
  try {
    return z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return null;
  }
}

/**
 * A response serializer compiled from the route's zod response schema into fast-json-stringify
 * (the code Fastify uses for JSON Schema routes): it writes the same JSON as the zod serializer,
 * which encodes the answer with zod and then calls JSON.stringify, at a fraction of the CPU, and
 * keeps only the properties the schema declares, as zod does.
 * Only schemas whose input and output JSON Schemas are the same get it: a transform, codec,
 * default or pipe could make the zod encoding differ from the handler's value, so those routes
 * keep the zod serializer. README.md, Performance, describes the hot path.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<FastifySchema> = (route) => {
  const zodSerializer = serializerCompiler(route as ZodRouteSchema);
  const schema: unknown = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializer;
  const output = jsonSchemaOf(schema, 'output');
  if (output === null || shapeOf(output) !== shapeOf(jsonSchemaOf(schema, 'input'))) {
    return zodSerializer;
  }
  return fastJson(output);
};
