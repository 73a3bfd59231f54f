// Reads the hand-written Ocean examples (generator/examples/ocean/<category>/<method>.json): arguments and a response.
import type { OceanEndpointExample } from '../../model/types';
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
