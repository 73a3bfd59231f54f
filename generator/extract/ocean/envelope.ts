// The client package's own envelope types as JSON Schema (the page token and the error of a failed request), read
// from its declarations with ts-json-schema-generator for the OpenAPI document (generator/emit/openapi.ts).
import path from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import type { EnvelopeSchema, EnvelopeSchemas } from '../../model/types';

/** Where OpenAPI keeps named schemas; ts-json-schema-generator writes `#/definitions/`. */
const SCHEMAS = '#/components/schemas/';

/**
 * Reads `ApiPage`, `WhaleApiError` and `ApiValidationProperty` (the properties a 422 names) from the installed client's declarations with ts-json-schema-generator:
 * the Ocean model holds the endpoints' own types, not the envelope around them.
 */
export function readEnvelopeSchemas(packageDir: string): EnvelopeSchemas {
  const generator = createGenerator({
    path: path.join(packageDir, 'dist/index.d.ts'),
    skipTypeCheck: true,
    expose: 'export',
    topRef: false,
    jsDoc: 'extended',
    additionalProperties: true,
  });
  const schemas: Record<string, EnvelopeSchema> = {};
  for (const type of ['ApiPage', 'WhaleApiError', 'ApiValidationProperty']) {
    const schema = JSON.parse(JSON.stringify(generator.createSchema(type))) as EnvelopeSchema & { definitions?: Record<string, EnvelopeSchema> };
    const { definitions = {}, $schema: _dialect, ...root } = schema;
    void _dialect;
    schemas[type] = root;
    Object.assign(schemas, definitions);
  }
  // ts-json-schema-generator points at `#/definitions/`; in OpenAPI named schemas live under components.
  return { schemas: JSON.parse(JSON.stringify(schemas).replaceAll('"#/definitions/', `"${SCHEMAS}`)) as Record<string, EnvelopeSchema> };
}
