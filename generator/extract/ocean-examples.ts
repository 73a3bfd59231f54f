// Reads the hand-written Ocean examples (generator/examples/ocean/<category>/<method>.json): arguments and a response.
import fs from 'node:fs';
import path from 'node:path';
import type { OceanEndpointExample } from '../model';

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

/**
 * Every `<category>/<method>.json` below `dir`, parsed, keyed `category.method` (files beside the category folders,
 * such as page-tokens.json, are not examples). Shared by the RPC and Ocean example data.
 */
export function readExampleFolder<T>(dir: string, parse: (text: string, where: string) => T): Map<string, T> {
  const examples = new Map<string, T>();
  if (!fs.existsSync(dir)) return examples;
  for (const category of fs.readdirSync(dir).sort()) {
    const categoryDir = path.join(dir, category);
    if (!fs.statSync(categoryDir).isDirectory()) continue;
    for (const file of fs.readdirSync(categoryDir).sort()) {
      if (!file.endsWith('.json')) continue;
      const where = path.join(categoryDir, file);
      examples.set(`${category}.${path.basename(file, '.json')}`, parse(fs.readFileSync(where, 'utf8'), where));
    }
  }
  return examples;
}

/** Every example below `dir`, keyed `category.method`. */
export function readOceanExamples(dir: string): Map<string, OceanExample> {
  return readExampleFolder(dir, parseOceanExample);
}
