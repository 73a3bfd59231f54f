// Validators for the published API documents: OpenRPC against @open-rpc/meta-schema, and every local $ref resolving.
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import openRpcMetaSchema from '@open-rpc/meta-schema';
import jsonSchemaMetaSchema from '@json-schema-tools/meta-schema';

/** Readable lines for a validator's errors: where, and what is wrong. */
export function formatErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
}

/** Errors of an OpenRPC document against the OpenRPC meta-schema (an empty list when it is valid). */
export function validateOpenRpc(document: unknown): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // The OpenRPC meta-schema refers to the JSON Schema meta-schema with and without a trailing slash.
  ajv.addMetaSchema(jsonSchemaMetaSchema);
  ajv.addMetaSchema({ ...jsonSchemaMetaSchema, $id: 'https://meta.json-schema.tools' });
  const validate = ajv.compile(openRpcMetaSchema);
  return validate(document) ? [] : formatErrors(validate.errors);
}

/** Every `$ref` in a document, with the JSON pointer where it appears. */
function collectRefs(value: unknown, pointer = '', found: Array<{ at: string; ref: string }> = []): Array<{ at: string; ref: string }> {
  if (Array.isArray(value)) value.forEach((item, index) => collectRefs(item, `${pointer}/${index}`, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push({ at: pointer, ref: item });
      else collectRefs(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
    }
  }
  return found;
}

/** Local `$ref`s (`#/...`) that point at nothing in the document. */
export function unresolvedRefs(document: unknown): string[] {
  const resolve = (ref: string): boolean => {
    let node: unknown = document;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !(key in node)) return false;
      node = (node as Record<string, unknown>)[key];
    }
    return true;
  };
  return collectRefs(document)
    .filter(({ ref }) => !ref.startsWith('#/') || !resolve(ref))
    .map(({ at, ref }) => `${at}: ${ref}`);
}

/** Errors of an OpenAPI 3.x document against the official schemas of its version (an empty list when it is valid). */
export async function validateOpenApi(document: Record<string, unknown>): Promise<string[]> {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const result = await new Validator({ allErrors: true }).validate(document);
  if (result.valid) return [];
  return typeof result.errors === 'string' ? [result.errors] : formatErrors(result.errors);
}

/** Errors of every named schema of a document when compiled as JSON Schema 2020-12 (OpenAPI 3.1's dialect). */
export async function invalidSchemas(schemas: Record<string, unknown>, refBase: string): Promise<string[]> {
  const { default: Ajv2020 } = await import('ajv/dist/2020');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // Local refs (`#/components/schemas/X`) resolve inside one schema that holds them all.
  ajv.addSchema({ $id: refBase, components: { schemas } });
  const problems: string[] = [];
  for (const name of Object.keys(schemas)) {
    try {
      ajv.getSchema(`${refBase}#/components/schemas/${name}`);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return problems;
}
