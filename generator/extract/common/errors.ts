// Reading the committed error data (generator/errors/*.json, made by scripts/derive-*-errors.ts and written on by
// hand): shape checks shared by the RPC and the Ocean readers, so that a malformed entry fails `npm run generate`
// with its place instead of reaching a page.
import type { ErrorGroupScope, ErrorSource } from '../../model/types';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function field<T>(record: Record<string, unknown>, key: string, where: string, check: (value: unknown) => value is T, expected: string): T {
  const value = record[key];
  if (!check(value)) throw new Error(`${where}: "${key}" must be ${expected}`);
  return value;
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
export const isNumberOrNull = (value: unknown): value is number | null => value === null || isNumber(value);
export const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);
export const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
export const isList = (value: unknown): value is unknown[] => Array.isArray(value);
const isScope = (value: unknown): value is ErrorGroupScope => value === 'every' || value === 'method';

/** A condition is the reader's sentence: not empty, and not a placeholder. */
export function condition(record: Record<string, unknown>, where: string): string {
  const text = field(record, 'condition', where, isString, 'a string');
  if (text.trim() === '') throw new Error(`${where}: no condition written`);
  return text;
}

export function errorSource(data: Record<string, unknown>, where: string): ErrorSource {
  const source = field(data, 'source', where, isRecord, 'an object');
  return {
    repository: field(source, 'repository', `${where} source`, isString, 'a string'),
    tag: field(source, 'tag', `${where} source`, isString, 'a string'),
  };
}

/** The fields every group has, whatever its errors look like. */
export function groupHead(group: Record<string, unknown>, where: string): { id: string; title: string; scope: ErrorGroupScope; summary: string } {
  return {
    id: field(group, 'id', where, isString, 'a string'),
    title: field(group, 'title', where, isString, 'a string'),
    scope: field(group, 'scope', where, isScope, '"every" or "method"'),
    summary: field(group, 'summary', where, isString, 'a string'),
  };
}

/** Group ids a method or endpoint names, each checked against the catalog. */
export function groupRefs(record: Record<string, unknown>, where: string, known: ReadonlySet<string>): string[] {
  const ids = field(record, 'groups', where, isStringList, 'a list of group ids');
  for (const id of ids) if (!known.has(id)) throw new Error(`${where}: no error group "${id}"`);
  return ids;
}
