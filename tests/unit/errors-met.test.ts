// Every error the reference pages list (generator/errors/*.json, in the model after `npm run generate`) is met by the
// real clients: a stand-in node answers each RPC error as defid does (src/httprpc.cpp: the status that goes with the
// code, the JSON-RPC error object in the body; 401 and 403 without a body), a stand-in Ocean each envelope as
// apps/whale-api does, and the method of the section is called through JsonRpcClient or WhaleApiClient with the
// arguments of its example. What the reader's code then holds is compared with what the list says: the class thrown,
// `payload.code` and `payload.message` for the node, `code`, `type` and the message for Ocean.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientApiError, RpcApiError } from '@defichain/jellyfish-api-core';
import { JsonRpcClient } from '@defichain/jellyfish-api-jsonrpc';
import { WhaleApiClient, WhaleApiException, WhaleApiValidationException } from '@defichain/whale-api-client';
import type { OceanCategory, OceanEndpoint, OceanError, OceanReference, RpcCategory, RpcError, RpcMethod, RpcReference } from '../../generator/model/types';
import { argumentValue } from '../../generator/extract/rpc/examples';
import { emptyAnswer, rpcErrorAnswer, startStandInNode, type StandInAnswer, type StandInNode } from '../support/stand-in-node';
import { oceanErrorType, startStandInOcean, type OceanReply, type StandInOcean } from '../support/stand-in-ocean';

const ROOT = path.resolve(__dirname, '../..');
const rpcModel = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
const oceanModel = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/ocean-model.json'), 'utf8')) as OceanReference;

/** The code a listed error whose code is only known at run time (an inner failure passed on) is tried with. */
const RUN_TIME_CODE = -4;

// ---------------------------------------------------------------------------------------------------------------
// The node

/** What the reader's catch block holds, reduced to what the pages promise. */
interface Seen {
  class: string;
  code?: number;
  message: string;
  method?: string;
}

function seen(thrown: unknown): Seen {
  if (thrown instanceof RpcApiError) return { class: 'RpcApiError', code: thrown.payload.code, message: thrown.payload.message, method: thrown.payload.method };
  if (thrown instanceof ClientApiError) return { class: 'ClientApiError', message: thrown.message };
  if (thrown instanceof Error) return { class: thrown.constructor.name, message: thrown.message };
  return { class: typeof thrown, message: String(thrown) };
}

/** The answer the node sends for a listed error, and what JsonRpcClient throws for it (api-core's ApiClient.call). */
export function nodeCase(error: RpcError, rpc: string): { answer: StandInAnswer; expected: Seen } {
  if (error.code === null && (error.httpStatus === 401 || error.httpStatus === 403)) {
    const text = error.httpStatus === 401 ? 'Unauthorized' : 'Forbidden';
    return { answer: emptyAnswer(error.httpStatus), expected: { class: 'ClientApiError', message: `ClientApiError: ${error.httpStatus} - ${text}` } };
  }
  const code = error.code ?? RUN_TIME_CODE;
  // The stand-in picks the status from the code as the node does; what the client makes of it follows the list's status.
  const answer = rpcErrorAnswer(code, error.message);
  // The client stops at a 404 (and at 401, 403, 422) without reading the body.
  if (error.httpStatus === 404) return { answer, expected: { class: 'ClientApiError', message: 'ClientApiError: 404 - Not Found' } };
  return { answer, expected: { class: 'RpcApiError', code, message: error.message, method: rpc } };
}

/** Calls the method through the real client with the arguments of its first example; resolves to what it threw. */
async function callRpc(node: StandInNode, category: RpcCategory, method: RpcMethod): Promise<unknown> {
  const example = method.examples[0];
  if (!example) throw new Error(`${category.name}.${method.name} has no example to call it with`);
  const args = example.arguments.map((value, index) => argumentValue(rpcModel, category.module, value, `${category.name}.${method.name}[${index}]`));
  const client = new JsonRpcClient(node.url) as unknown as Record<string, Record<string, (...values: unknown[]) => Promise<unknown>>>;
  const target = client[category.name]?.[method.name];
  if (!target) throw new Error(`the client has no ${category.name}.${method.name}`);
  return target.apply(client[category.name], args).then(
    (value) => ({ resolved: value }),
    (error: unknown) => error,
  );
}

/** Each method's own errors, and each group's through the first method that names it (groups of every call: the first method). */
function nodeCases(): { key: string; category: RpcCategory; method: RpcMethod; errors: RpcError[] }[] {
  const groups = new Map((rpcModel.errors?.groups ?? []).map((group) => [group.id, group]));
  const done = new Set<string>();
  const cases: { key: string; category: RpcCategory; method: RpcMethod; errors: RpcError[] }[] = [];
  for (const category of rpcModel.categories) {
    for (const method of category.methods) {
      const errors = [...(method.errors?.errors ?? [])];
      const named = [...(method.errors?.groups ?? []), ...[...groups.values()].filter((group) => group.scope === 'every').map((group) => group.id)];
      for (const id of named) {
        if (done.has(id)) continue;
        done.add(id);
        errors.push(...(groups.get(id)?.errors ?? []));
      }
      cases.push({ key: `${category.name}.${method.name}`, category, method, errors });
    }
  }
  return cases;
}

describe('every RPC error a page lists reaches JsonRpcClient as the page says', () => {
  let node: StandInNode;
  beforeAll(async () => {
    node = await startStandInNode();
  });
  afterAll(async () => {
    await node.close();
  });

  const cases = nodeCases();

  it('covers 201 methods, each with its errors attached, and every group of the catalog', () => {
    expect(cases).toHaveLength(201);
    expect(cases.filter((entry) => entry.method.errors === undefined).map((entry) => entry.key)).toEqual([]);
    const listed = new Set(cases.flatMap((entry) => entry.errors));
    const inGroups = (rpcModel.errors?.groups ?? []).flatMap((group) => group.errors);
    expect(inGroups.filter((error) => !listed.has(error))).toEqual([]);
    expect(rpcModel.errors?.groups.length).toBeGreaterThan(10);
  });

  it.each(cases.map((entry) => [entry.key, entry] as const))('%s', async (_key, entry) => {
    const rpc = entry.method.rpc.names[0] ?? '';
    for (const error of entry.errors) {
      const { answer, expected } = nodeCase(error, rpc);
      node.answer(answer);
      const before = node.requests.length;
      const outcome = seen(await callRpc(node, entry.category, entry.method));
      expect(node.requests.length, 'one request').toBe(before + 1);
      // The status the list gives is the one the node answers with.
      expect(answer.status, `HTTP status of ${error.code ?? ''} ${error.message}`).toBe(error.httpStatus);
      expect(outcome, `${error.code ?? error.httpStatus} ${error.message}`).toEqual(expected);
    }
  });

  it('goes red when a page would say another code or text than the client shows', async () => {
    const entry = cases.find((candidate) => candidate.method.errors?.errors.some((error) => error.code === -8));
    const error = entry?.method.errors?.errors.find((candidate) => candidate.code === -8);
    if (!entry || !error) throw new Error('no -8 error to alter');
    const { answer } = nodeCase(error, entry.method.rpc.names[0] ?? '');
    node.answer(answer);
    const outcome = seen(await callRpc(node, entry.category, entry.method));
    // A list that said -5, or another text, would not match what the reader's code holds.
    expect(outcome).not.toEqual(nodeCase({ ...error, code: -5 }, entry.method.rpc.names[0] ?? '').expected);
    expect(outcome).not.toEqual(nodeCase({ ...error, message: `${error.message}!` }, entry.method.rpc.names[0] ?? '').expected);
    // A 404 the list gave as a 500 would promise an RpcApiError the client never throws.
    node.answer(rpcErrorAnswer(-32601, 'Method not found'));
    expect(seen(await callRpc(node, entry.category, entry.method))).not.toEqual(
      nodeCase({ ...error, code: -32601, message: 'Method not found' }, 'x').expected,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Ocean

interface OceanSeen {
  class: string;
  code?: number;
  type?: string;
  message: string;
  properties?: unknown;
}

function oceanSeen(thrown: unknown): OceanSeen {
  if (thrown instanceof WhaleApiValidationException)
    return { class: 'WhaleApiValidationException', code: thrown.code, type: thrown.type, message: thrown.message, properties: thrown.properties };
  if (thrown instanceof WhaleApiException) return { class: 'WhaleApiException', code: thrown.code, type: thrown.type, message: thrown.message };
  if (thrown instanceof Error) return { class: thrown.constructor.name, message: thrown.message };
  return { class: 'resolved', message: JSON.stringify(thrown) };
}

/** The answer Ocean sends for a listed error (the envelope, or the framework's 404), and what WhaleApiClient throws. */
export function oceanCase(error: OceanError, url: string): { reply: OceanReply | null; expected: OceanSeen } {
  if (error.type === '') {
    // No route: the framework's body, whose `error` is a string; the client throws an exception without code or type.
    return { reply: null, expected: { class: 'WhaleApiException', code: undefined, type: undefined, message: 'undefined - undefined ' } };
  }
  const properties = error.properties?.map((p) => ({ property: p.property, value: 'x', constraints: p.constraints }));
  // The stand-in gives the status the type Ocean gives it; the list's type must be that one for the page to hold.
  const envelope = {
    type: oceanErrorType(error.status),
    ...(error.message === null ? {} : { message: error.message }),
    ...(properties === undefined ? {} : { validation: { properties } }),
  };
  const text = `${error.status} - ${error.type} (${url})${error.message === null ? '' : `: ${error.message}`}`;
  const isValidation = error.status === 422 && error.type === 'ValidationError';
  return {
    reply: { status: error.status, error: envelope },
    expected: {
      class: isValidation ? 'WhaleApiValidationException' : 'WhaleApiException',
      code: error.status,
      type: error.type,
      message: text,
      ...(isValidation ? { properties } : {}),
    },
  };
}

async function callOcean(url: string, category: OceanCategory, endpoint: OceanEndpoint): Promise<unknown> {
  const args = endpoint.example?.arguments ?? {};
  const values = endpoint.signature.parameters.map((parameter) => args[parameter.name]);
  const client = new WhaleApiClient({ url, network: 'mainnet', version: 'v0' }) as unknown as Record<
    string,
    Record<string, (...v: unknown[]) => Promise<unknown>>
  >;
  const target = client[category.name]?.[endpoint.name];
  if (!target) throw new Error(`the client has no ${category.name}.${endpoint.name}`);
  return target.apply(client[category.name], values).then(
    (value) => value,
    (error: unknown) => error,
  );
}

function oceanCases(): { key: string; category: OceanCategory; endpoint: OceanEndpoint; errors: OceanError[] }[] {
  const groups = new Map((oceanModel.errors?.groups ?? []).map((group) => [group.id, group]));
  const done = new Set<string>();
  return oceanModel.categories.flatMap((category) =>
    category.endpoints.map((endpoint) => {
      const errors = [...(endpoint.errors?.errors ?? [])];
      const named = [...(endpoint.errors?.groups ?? []), ...[...groups.values()].filter((group) => group.scope === 'every').map((group) => group.id)];
      for (const id of named) {
        if (done.has(id)) continue;
        done.add(id);
        errors.push(...(groups.get(id)?.errors ?? []));
      }
      return { key: `${category.name}.${endpoint.name}`, category, endpoint, errors };
    }),
  );
}

describe('every Ocean error a page lists reaches WhaleApiClient as the page says', () => {
  let ocean: StandInOcean;
  beforeAll(async () => {
    ocean = await startStandInOcean();
  });
  afterAll(async () => {
    await ocean.close();
  });

  const cases = oceanCases();

  it('covers 60 endpoints, each with its errors attached, and every group', () => {
    expect(cases).toHaveLength(60);
    expect(cases.filter((entry) => entry.endpoint.errors === undefined).map((entry) => entry.key)).toEqual([]);
    const listed = new Set(cases.flatMap((entry) => entry.errors));
    expect((oceanModel.errors?.groups ?? []).flatMap((group) => group.errors).filter((error) => !listed.has(error))).toEqual([]);
  });

  it.each(cases.map((entry) => [entry.key, entry] as const))('%s', async (_key, entry) => {
    for (const error of entry.errors) {
      const { reply } = oceanCase(error, '');
      // A path without a route: no route at all, so the stand-in answers with the framework's 404.
      ocean.setRoutes(reply === null ? [] : [{ method: entry.endpoint.httpMethod, path: /^\/v0\/mainnet\//, reply }]);
      const before = ocean.requests.length;
      const outcome = oceanSeen(await callOcean(ocean.url, entry.category, entry.endpoint));
      const sent = ocean.requests.slice(before);
      expect(sent, 'one request').toHaveLength(1);
      expect(sent[0]?.path.startsWith(`/v0/mainnet/${entry.endpoint.path.split('/')[0] ?? ''}`), 'the endpoint was called').toBe(true);
      // Ocean writes the request's path and query into the envelope's url, and the message repeats it.
      expect(outcome, `${error.status} ${error.type} ${error.message ?? ''}`).toEqual(oceanCase(error, sent[0]?.url ?? '').expected);
    }
  });

  it('goes red when a page would say another status, type or text than the client shows', async () => {
    const entry = cases.find((candidate) => candidate.endpoint.errors?.errors.some((error) => error.status === 404));
    const error = entry?.endpoint.errors?.errors.find((candidate) => candidate.status === 404);
    if (!entry || !error) throw new Error('no 404 to alter');
    ocean.setRoutes([{ path: /^\/v0\/mainnet\//, reply: oceanCase(error, '').reply ?? { data: null } }]);
    const outcome = oceanSeen(await callOcean(ocean.url, entry.category, entry.endpoint));
    const url = ocean.requests.at(-1)?.url ?? '';
    expect(outcome).toEqual(oceanCase(error, url).expected);
    expect(outcome).not.toEqual(oceanCase({ ...error, status: 400, type: 'BadRequest' }, url).expected);
    expect(outcome).not.toEqual(oceanCase({ ...error, message: 'Something else' }, url).expected);
  });
});
