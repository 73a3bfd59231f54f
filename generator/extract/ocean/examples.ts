// Reads the hand-written Ocean examples (generator/examples/ocean/<category>/<method>.json): arguments and a response.
import fs from 'node:fs';
import path from 'node:path';
import type { OceanDocCorrection, OceanEndpointExample, OceanPaging, OceanReference, OceanRpcWhitelist } from '../../model/types';
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

/**
 * generator/examples/ocean/pagination.json: how the server pages each list endpoint (its token, its cap on `size`,
 * anything else it does), keyed `category.method`, read from apps/whale-api at the client's tag with the source of each.
 */
export function readOceanPaging(file: string): Map<string, OceanPaging> {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isRecord(parsed)) throw new Error(`${file}: an object keyed category.method`);
  const paging = new Map<string, OceanPaging>();
  for (const [key, entry] of Object.entries(parsed)) {
    const notes = isRecord(entry) ? (entry.notes ?? []) : [];
    if (
      !isRecord(entry) ||
      typeof entry.key !== 'string' ||
      typeof entry.source !== 'string' ||
      typeof entry.maxSize !== 'number' ||
      !Number.isInteger(entry.maxSize) ||
      entry.maxSize < 1 ||
      typeof entry.maxSizeSource !== 'string' ||
      !Array.isArray(notes) ||
      !notes.every((note): note is { text: string; source: string } => isRecord(note) && typeof note.text === 'string' && typeof note.source === 'string')
    ) {
      throw new Error(`${file}: ${key} holds { key, source, maxSize (a whole number from 1), maxSizeSource, notes?: [{ text, source }] }`);
    }
    paging.set(key, { key: entry.key, source: entry.source, maxSize: entry.maxSize, maxSizeSource: entry.maxSizeSource, notes });
  }
  return paging;
}

/** Gives every list endpoint the server's paging (`pagination.json` beside the examples); nothing else may have one. */
export function attachOceanPaging(reference: OceanReference, paging: ReadonlyMap<string, OceanPaging>, file: string): void {
  for (const category of reference.categories) {
    for (const endpoint of category.endpoints) {
      const key = `${category.name}.${endpoint.name}`;
      const pages = paging.get(key);
      if (endpoint.response === 'list' && pages === undefined) throw new Error(`${key}: a list without its server paging in ${file}`);
      if (endpoint.response !== 'list' && pages !== undefined) throw new Error(`${key}: not a list, yet ${file} describes its pages`);
      if (pages) endpoint.paging = pages;
    }
  }
}

/**
 * generator/examples/ocean/doc-corrections.json: endpoints whose client comment is plainly another method's (the same
 * words), with the server's own description of them. Each is checked against the package: the comment must still be
 * the one the file names and the other method's, else the file is out of date and generate stops.
 */
export function attachOceanDocCorrections(reference: OceanReference, file: string): void {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isRecord(parsed)) throw new Error(`${file}: an object keyed category.method`);
  const endpointOf = (key: string) => {
    const [categoryName, method] = key.split('.');
    return reference.categories.find((category) => category.name === categoryName)?.endpoints.find((endpoint) => endpoint.name === method);
  };
  for (const [key, entry] of Object.entries(parsed)) {
    if (
      !isRecord(entry) ||
      typeof entry.packageText !== 'string' ||
      typeof entry.sameAs !== 'string' ||
      typeof entry.serverText !== 'string' ||
      typeof entry.source !== 'string'
    )
      throw new Error(`${file}: ${key} holds { packageText, sameAs, serverText, source }`);
    const endpoint = endpointOf(key);
    const other = endpointOf(entry.sameAs);
    if (endpoint === undefined || other === undefined) throw new Error(`${file}: ${key} or ${entry.sameAs} is no endpoint of the client`);
    const text = endpoint.signature.doc.text.trim();
    if (text !== entry.packageText) throw new Error(`${file}: ${key}'s comment is now ${JSON.stringify(text)}, not the one this file corrects`);
    if (other.signature.doc.text.trim() !== text) throw new Error(`${file}: ${entry.sameAs} no longer has the comment ${key} repeats`);
    const correction: OceanDocCorrection = { sameAs: entry.sameAs, serverText: entry.serverText, source: entry.source };
    endpoint.docCorrection = correction;
  }
}
