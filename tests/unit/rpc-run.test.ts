// Every example of the RPC pages, run as the page shows it through the SDK's JsonRpcClient against a stand-in node
// that answers with the page's response: the request the client sends is the page's curl body, and the value it
// returns has the types the page states (the declared ones, or those the "Types at run time" warning names).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcReference } from '../../generator/model/types';
import { checkPageExample, curlBody, readPageExamples } from '../support/rpc-page-examples';
import { startStandInNode, type StandInNode } from '../support/stand-in-node';

const ROOT = path.resolve(__dirname, '../..');
const reference = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/rpc-model.json'), 'utf8')) as RpcReference;
const examples = readPageExamples();

describe('RPC page examples run through JsonRpcClient against a stand-in node', () => {
  let node: StandInNode;
  beforeAll(async () => {
    node = await startStandInNode();
  });
  afterAll(async () => {
    await node.close();
  });

  it("every method of the package shows at least one example with the node's response", () => {
    const withResponse = new Set(examples.filter((example) => example.response !== null).map((example) => `${example.category}.${example.method}`));
    const methods = reference.categories.flatMap((category) => category.methods.map((method) => `${category.name}.${method.name}`));
    expect(methods.filter((method) => !withResponse.has(method))).toEqual([]);
    expect(methods).toHaveLength(201);
  });

  it.each(examples.filter((example) => example.response !== null).map((example) => [example.file, example] as const))('%s', async (_file, example) => {
    const outcome = await checkPageExample(node, example, reference);
    expect(outcome.problems).toEqual([]);
  });

  it('goes red when a curl body differs from what the client sends, when a departure from the declared type goes unsaid, and on a false claim', async () => {
    const sample = examples.find((example) => example.response !== null && example.runtime.length > 0);
    if (!sample) throw new Error('no example to alter');
    const body = curlBody(sample.curl) ?? '';
    const changedBody = body.replace(/"params":\[/, '"params":["changed",');
    const wrongCurl = { ...sample, curl: sample.curl.replace(body, changedBody) };
    expect((await checkPageExample(node, wrongCurl, reference)).problems.join('\n')).toMatch(/the client sent .* the curl example sends/);
    if (sample.runtime.length === 0) throw new Error('the sample needs a run-time types warning');
    const silent = { ...sample, runtime: [] };
    expect((await checkPageExample(node, silent, reference)).problems.join('\n')).toMatch(/says nothing of it/);
    const falseClaim = { ...sample, runtime: [...sample.runtime, { variable: 'x', path: '.noSuchField', returned: 'number', declared: 'BigNumber' }] };
    expect((await checkPageExample(node, falseClaim, reference)).problems.join('\n')).toMatch(/departs from the declared type, and it does not/);
  });
});
