// The generated /ocean/openapi.json (static/ocean/openapi.json, written by `npm run generate`): every operation has
// an example that validates against its response schema; Redocly's recommended rules find nothing; and TypeScript
// generated from the document (openapi-typescript) agrees with WhaleApiClient's return types, both ways.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { OceanReference } from '../../generator/model/types';
import type { OpenApiDocument } from '../../generator/emit/openapi';
import { oceanEndpointPath } from '../../generator/model/queries';
import { formatErrors } from '../support/spec-validate';
import { typecheckSources } from '../support/typecheck';

const ROOT = path.resolve(__dirname, '../..');
const DOCUMENT_FILE = path.join(ROOT, 'static/ocean/openapi.json');
const document = JSON.parse(fs.readFileSync(DOCUMENT_FILE, 'utf8')) as OpenApiDocument;
const ocean = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/ocean-model.json'), 'utf8')) as OceanReference;

interface Operation {
  route: string;
  method: string;
  body: { responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }> };
}

function operations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, body]) => ({ route, method, body: body as unknown as Operation['body'] })),
  );
}

/** Problems of each operation's example against its 200 response schema (JSON Schema 2020-12, OpenAPI 3.1's dialect). */
function exampleProblems(doc: OpenApiDocument): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const problems: string[] = [];
  for (const { route, method, body } of operations(doc)) {
    const media = body.responses['200']?.content?.['application/json'];
    if (!media) {
      problems.push(`${method} ${route}: no 200 JSON response`);
      continue;
    }
    if (media.example === undefined) {
      problems.push(`${method} ${route}: no example`);
      continue;
    }
    const validate = ajv.compile(JSON.parse(JSON.stringify(media.schema).replace(/"#\/components\//g, '"doc#/components/')) as object);
    if (!validate(media.example)) problems.push(`${method} ${route}: ${formatErrors(validate.errors).slice(0, 3).join('; ')}`);
  }
  return problems;
}

/** Where the document's answers and the client's return types disagree, through TypeScript generated from the document. */
async function typeProblems(doc: OpenApiDocument): Promise<string[]> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const generated = astToString(await openapiTS(structuredClone(doc) as never));
  const lines = [
    "import type { WhaleApiClient } from '@defichain/whale-api-client';",
    "import type { BigNumber } from 'bignumber.js';",
    "import type { paths } from './openapi';",
    // What travels as JSON: enums as their values, BigNumbers as numbers, lists (ApiPagedResponse too) as arrays.
    'type Wire<T> = T extends BigNumber ? number : T extends string ? `${T}` : T extends number | boolean | null | undefined ? T : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;',
    'type Returned<F> = F extends (...args: never[]) => Promise<infer R> ? Wire<R> : never;',
  ];
  const voidWithData: string[] = [];
  for (const category of ocean.categories) {
    for (const endpoint of category.endpoints) {
      const route = oceanEndpointPath(ocean, endpoint);
      const key = `${category.name}_${endpoint.name}`;
      const content = `paths['${route}']['${endpoint.httpMethod.toLowerCase()}']['responses'][200]['content']['application/json']`;
      const data = `${content}['data']`;
      // A method that resolves to nothing: the document's envelope declares no `data` (checked on the JSON itself).
      if (endpoint.dataType.kind === 'intrinsic' && endpoint.dataType.name === 'void') {
        const schema = (doc.paths[route]?.[endpoint.httpMethod.toLowerCase()] as unknown as Operation['body']).responses['200']?.content?.['application/json']
          ?.schema as { properties?: object };
        voidWithData.push(...(schema.properties && 'data' in schema.properties ? [route] : []));
        continue;
      }
      lines.push(`type Doc_${key} = Wire<${endpoint.response === 'raw' || endpoint.response === 'item' ? data : `NonNullable<${data}>`}>;`);
      lines.push(`type Client_${key} = Returned<WhaleApiClient['${category.name}']['${endpoint.name}']>;`);
      lines.push(`export const fromDocument_${key}: Client_${key} = null as unknown as Doc_${key};`);
      lines.push(`export const fromClient_${key}: Doc_${key} = null as unknown as Client_${key};`);
    }
  }
  const problems = typecheckSources(
    new Map([
      ['openapi.ts', generated],
      ['agree.ts', `${lines.join('\n')}\n`],
    ]),
    'openapi-types',
  );
  return [...problems, ...voidWithData.map((route) => `${route}: declares data for a method that resolves to nothing`)];
}

describe('/ocean/openapi.json examples, lint and types', () => {
  it('has 60 operations, each with an example that validates against its response schema', () => {
    expect(operations(document)).toHaveLength(60);
    expect(exampleProblems(document)).toEqual([]);
  });

  it('goes red on an example that does not fit its schema', () => {
    const copy = structuredClone(document);
    const balance = copy.paths['/v0/{network}/address/{address}/balance']?.get as unknown as Operation['body'];
    const media = balance.responses['200']?.content?.['application/json'];
    if (!media) throw new Error('no balance example');
    media.example = { data: 1532.845 };
    expect(exampleProblems(copy).join('\n')).toMatch(/address\/\{address\}\/balance: \/data must be string/);
  });

  it("passes Redocly's recommended rules without a warning", () => {
    const output = execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', DOCUMENT_FILE, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const report = JSON.parse(output.slice(output.indexOf('{'))) as { problems: Array<{ ruleId: string; message: string; severity: string }> };
    expect(report.problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`)).toEqual([]);
  }, 60_000);

  it("agrees with WhaleApiClient's return types both ways, through TypeScript generated from the document", async () => {
    expect(await typeProblems(document)).toEqual([]);
  }, 120_000);

  it("goes red when an answer in the document differs from the client's type", async () => {
    const copy = structuredClone(document);
    const media = (copy.paths['/v0/{network}/address/{address}/balance']?.get as unknown as Operation['body']).responses['200']?.content?.['application/json'];
    if (!media) throw new Error('no balance answer');
    media.schema = { type: 'object', properties: { data: { type: 'number' } }, required: ['data'] };
    expect((await typeProblems(copy)).join('\n')).toMatch(/Type 'number' is not assignable to type 'string'|Type 'string' is not assignable to type 'number'/);
  }, 120_000);
});
