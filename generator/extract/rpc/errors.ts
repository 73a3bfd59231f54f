// The node's errors of every RPC (generator/errors/rpc.json, derived from DeFiCh/ain by scripts/derive-rpc-errors.ts,
// conditions written by hand), read into the model: each method gets the errors of the RPC it calls, each RPC no
// method calls its own, and the reference the groups they name.
import fs from 'node:fs';
import type { NodeRpcCatalog, RpcError, RpcErrorCatalog, RpcMethodErrors, RpcReference } from '../../model/types';
import { condition, errorSource, field, groupHead, groupRefs, isList, isNumber, isNumberOrNull, isRecord, isString } from '../common/errors';

/** A place in the node's sources at the tag: `src/<file>:<line>`. */
const NODE_PLACE = /^src\/[\w/.-]+:\d+$/;

function places(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((place) => typeof place === 'string' && NODE_PLACE.test(place)))
    throw new Error(`${where}: a list of src/<file>:<line>`);
  return value as string[];
}

export interface RpcErrorData {
  catalog: RpcErrorCatalog;
  /** Node RPC name -> its errors. */
  methods: Map<string, RpcMethodErrors>;
}

function rpcError(value: unknown, where: string): RpcError {
  if (!isRecord(value)) throw new Error(`${where}: an error is an object`);
  return {
    code: field(value, 'code', where, isNumberOrNull, 'an integer or null'),
    codeName: field(value, 'codeName', where, isString, 'a string'),
    httpStatus: field(value, 'httpStatus', where, isNumber, 'an integer'),
    message: field(value, 'message', where, isString, 'a string'),
    condition: condition(value, where),
    source: field(value, 'source', where, isString, 'a string'),
    ...(value.alsoAt === undefined ? {} : { alsoAt: places(value.alsoAt, `${where} alsoAt`) }),
  };
}

/** Where the handler throws a group's errors itself: each group one the method names. */
function absorbedAt(method: Record<string, unknown>, groups: readonly string[], at: string): Record<string, string[]> | undefined {
  if (method.absorbedAt === undefined) return undefined;
  const value = field(method, 'absorbedAt', at, isRecord, 'an object');
  const result: Record<string, string[]> = {};
  for (const [id, list] of Object.entries(value)) {
    if (!groups.includes(id)) throw new Error(`${at} absorbedAt: ${id} is not among the method's groups`);
    result[id] = places(list, `${at} absorbedAt ${id}`);
  }
  return result;
}

/**
 * Checks what a method or group drops (entries the derivation reaches that the node cannot answer): each has the reason,
 * written from the source, and none is listed among its errors as well.
 */
function checkDropped(owner: Record<string, unknown>, errors: RpcError[], at: string): void {
  if (owner.dropped === undefined) return;
  for (const [n, entry] of field(owner, 'dropped', at, isList, 'a list').entries()) {
    const where = `${at} dropped ${n}`;
    if (!isRecord(entry)) throw new Error(`${where}: an object`);
    const code = field(entry, 'code', where, isNumber, 'an integer');
    const message = field(entry, 'message', where, isString, 'a string');
    if (!/^src\/[\w/.-]+:\d+$/.test(field(entry, 'source', where, isString, 'a string'))) throw new Error(`${where}: "source" must be src/<file>:<line>`);
    if (field(entry, 'reason', where, isString, 'a string').trim() === '') throw new Error(`${where}: no reason written`);
    if (errors.some((error) => error.code === code && error.message === message))
      throw new Error(`${where}: ${code} ${JSON.stringify(message)} is dropped and listed`);
  }
}

/** Parses the data file's text; throws with the place of the first malformed entry. */
export function parseRpcErrors(text: string, where = 'generator/errors/rpc.json'): RpcErrorData {
  const data: unknown = JSON.parse(text);
  if (!isRecord(data)) throw new Error(`${where}: the file holds an object`);
  const groups = field(data, 'groups', where, isList, 'a list').map((group, index) => {
    if (!isRecord(group)) throw new Error(`${where} group ${index}: an object`);
    const head = groupHead(group, `${where} group ${index}`);
    const errors = field(group, 'errors', `${where} group ${head.id}`, isList, 'a list').map((e, n) => rpcError(e, `${where} group ${head.id} error ${n}`));
    if (errors.length === 0) throw new Error(`${where} group ${head.id}: no errors`);
    checkDropped(group, errors, `${where} group ${head.id}`);
    return { ...head, errors };
  });
  const known = new Set(groups.map((group) => group.id));
  if (known.size !== groups.length) throw new Error(`${where}: two groups share an id`);
  const methods = new Map<string, RpcMethodErrors>();
  for (const [index, method] of field(data, 'methods', where, isList, 'a list').entries()) {
    if (!isRecord(method)) throw new Error(`${where} method ${index}: an object`);
    const rpc = field(method, 'rpc', `${where} method ${index}`, isString, 'a string');
    const at = `${where} ${rpc}`;
    const errors = field(method, 'errors', at, isList, 'a list').map((e, n) => rpcError(e, `${at} error ${n}`));
    checkDropped(method, errors, at);
    const groups = groupRefs(method, at, known);
    const absorbed = absorbedAt(method, groups, at);
    methods.set(rpc, {
      handler: field(method, 'handler', at, isString, 'a string'),
      groups,
      errors,
      ...(absorbed === undefined ? {} : { absorbedAt: absorbed }),
    });
  }
  return { catalog: { source: errorSource(data, where), groups }, methods };
}

export function readRpcErrors(file: string): RpcErrorData {
  return parseRpcErrors(fs.readFileSync(file, 'utf8'), file);
}

/** Gives each RPC of the node that no method calls its errors; returns the names the data has none for. */
export function attachNodeRpcErrors(catalog: NodeRpcCatalog, data: RpcErrorData): string[] {
  const missing: string[] = [];
  for (const rpc of catalog.rpcs.filter((candidate) => !candidate.typed)) {
    const errors = data.methods.get(rpc.name);
    if (errors) rpc.errors = errors;
    else missing.push(rpc.name);
  }
  return missing;
}

/** Gives each method the errors of the RPC it calls; returns `category.method` of those the data has none for. */
export function attachRpcErrors(reference: RpcReference, data: RpcErrorData): string[] {
  reference.errors = data.catalog;
  const missing: string[] = [];
  for (const category of reference.categories) {
    for (const method of category.methods) {
      const [rpc] = method.rpc.names;
      const errors = rpc === undefined ? undefined : data.methods.get(rpc);
      if (errors) method.errors = errors;
      else missing.push(`${category.name}.${method.name}`);
    }
  }
  return missing;
}
