// Reads the hand-written Ocean examples (generator/examples/ocean/<category>/<method>.json): arguments and a response.
import fs from 'node:fs';
import path from 'node:path';
import type { OceanEndpointExample, OceanReference, OceanRpcWhitelist } from '../../model/types';
import { readExampleFolder } from '../common/example-folder';

/** One endpoint's example: the client arguments by parameter name, and the JSON body the API answers with (the model's type). */
export type OceanExample = OceanEndpointExample;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses one example file; throws with the file name when its shape is wrong. */
export function parseOceanExample(text: string, where: string): OceanExample {
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed) || !isRecord(parsed.arguments) || !isRecord(parsed.response)) {
    throw new Error(`${where}: an example holds { "arguments": {…}, "response": {…} }`);
  }
  const typeArguments = parsed.typeArguments ?? [];
  if (!Array.isArray(typeArguments) || !typeArguments.every((entry): entry is string => typeof entry === 'string')) {
    throw new Error(`${where}: "typeArguments" is a list of type names`);
  }
  return { arguments: parsed.arguments, response: parsed.response, typeArguments };
}

/** Every example below `dir`, keyed `category.method`. */
export function readOceanExamples(dir: string): Map<string, OceanExample> {
  return readExampleFolder(dir, parseOceanExample);
}

/** Gives every endpoint of the reference its example (the pages, the OpenAPI document and the tests read it there). */
export function attachOceanExamples(reference: OceanReference, examples: ReadonlyMap<string, OceanExample>): void {
  for (const category of reference.categories) {
    for (const endpoint of category.endpoints) {
      const example = examples.get(`${category.name}.${endpoint.name}`);
      if (example !== undefined) endpoint.example = example;
    }
  }
}

/** The node RPCs an Ocean server forwards (`rpc-whitelist.json` beside the examples, read from the server's source). */
export function readOceanRpcWhitelist(dir: string): OceanRpcWhitelist {
  const file = path.join(dir, 'rpc-whitelist.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<OceanRpcWhitelist>;
  if (typeof parsed.source !== 'string' || !Array.isArray(parsed.methods) || !parsed.methods.every((method) => typeof method === 'string'))
    throw new Error(`${file}: holds { "source": "...", "methods": ["..."] }`);
  return { source: parsed.source, methods: parsed.methods };
}
