// What each Ocean endpoint answers besides success (generator/errors/ocean.json, derived from apps/whale-api by
// scripts/derive-ocean-errors.ts, conditions written by hand), read into the model.
import fs from 'node:fs';
import type { OceanEndpointErrors, OceanError, OceanErrorCatalog, OceanReference, OceanValidationProperty } from '../../model/types';
import { condition, errorSource, field, groupHead, groupRefs, isList, isNumber, isRecord, isString, isStringList, isStringOrNull } from '../common/errors';

export interface OceanErrorData {
  catalog: OceanErrorCatalog;
  /** `category.method` -> its errors. */
  endpoints: Map<string, OceanEndpointErrors>;
}

function property(value: unknown, where: string): OceanValidationProperty {
  if (!isRecord(value)) throw new Error(`${where}: a property is an object`);
  return {
    property: field(value, 'property', where, isString, 'a string'),
    constraints: field(value, 'constraints', where, isStringList, 'a list of strings'),
  };
}

function oceanError(value: unknown, where: string): OceanError {
  if (!isRecord(value)) throw new Error(`${where}: an error is an object`);
  const properties =
    value.properties === undefined ? undefined : field(value, 'properties', where, isList, 'a list').map((p, n) => property(p, `${where} property ${n}`));
  return {
    status: field(value, 'status', where, isNumber, 'an integer'),
    type: field(value, 'type', where, isString, 'a string'),
    message: field(value, 'message', where, isStringOrNull, 'a string or null'),
    condition: condition(value, where),
    source: field(value, 'source', where, isString, 'a string'),
    ...(properties === undefined ? {} : { properties }),
  };
}

export function parseOceanErrors(text: string, where = 'generator/errors/ocean.json'): OceanErrorData {
  const data: unknown = JSON.parse(text);
  if (!isRecord(data)) throw new Error(`${where}: the file holds an object`);
  const groups = field(data, 'groups', where, isList, 'a list').map((group, index) => {
    if (!isRecord(group)) throw new Error(`${where} group ${index}: an object`);
    const head = groupHead(group, `${where} group ${index}`);
    const errors = field(group, 'errors', `${where} group ${head.id}`, isList, 'a list').map((e, n) => oceanError(e, `${where} group ${head.id} error ${n}`));
    if (errors.length === 0) throw new Error(`${where} group ${head.id}: no errors`);
    return { ...head, errors };
  });
  const known = new Set(groups.map((group) => group.id));
  if (known.size !== groups.length) throw new Error(`${where}: two groups share an id`);
  const endpoints = new Map<string, OceanEndpointErrors>();
  for (const [index, endpoint] of field(data, 'endpoints', where, isList, 'a list').entries()) {
    if (!isRecord(endpoint)) throw new Error(`${where} endpoint ${index}: an object`);
    const key = field(endpoint, 'endpoint', `${where} endpoint ${index}`, isString, 'a string');
    const at = `${where} ${key}`;
    endpoints.set(key, {
      handler: field(endpoint, 'handler', at, isString, 'a string'),
      groups: groupRefs(endpoint, at, known),
      errors: field(endpoint, 'errors', at, isList, 'a list').map((e, n) => oceanError(e, `${at} error ${n}`)),
    });
  }
  return { catalog: { source: errorSource(data, where), groups }, endpoints };
}

export function readOceanErrors(file: string): OceanErrorData {
  return parseOceanErrors(fs.readFileSync(file, 'utf8'), file);
}

/** Gives each endpoint its errors; returns `category.method` of those the data has none for. */
export function attachOceanErrors(reference: OceanReference, data: OceanErrorData): string[] {
  reference.errors = data.catalog;
  const missing: string[] = [];
  for (const category of reference.categories) {
    for (const endpoint of category.endpoints) {
      const errors = data.endpoints.get(`${category.name}.${endpoint.name}`);
      if (errors) endpoint.errors = errors;
      else missing.push(`${category.name}.${endpoint.name}`);
    }
  }
  return missing;
}
