// Where each method of the client and the node's help of the RPC it calls differ (generator/node-rpcs/sdk-vs-node.json,
// derived by scripts/derive-sdk-vs-node.ts from the generated model and the committed help), read into the model.
// Refused when it compares another node release or another package version than the reference's, or names a method
// the reference does not have.
import fs from 'node:fs';
import path from 'node:path';
import type { RpcReference, SdkNodeDifference, SdkNodeSide } from '../../model/types';

const SDK_VS_NODE_FILE = path.resolve(__dirname, '../../node-rpcs/sdk-vs-node.json');

const KINDS = new Set([
  'node-argument',
  'sdk-argument',
  'argument-type',
  'argument-required',
  'argument-shape',
  'fixed',
  'options-object',
  'result-field',
  'result-field-type',
  'result-field-optional',
  'option-ignored',
]);

interface SdkVsNodeFile {
  node: { tag: string };
  package: { name: string; version: string };
  methods: { method: string; rpc: string; differences: SdkNodeDifference[] }[];
}

function checkSide(side: SdkNodeSide | undefined, pattern: RegExp, where: string): void {
  if (side === undefined) return;
  if (typeof side.name !== 'string' || typeof side.type !== 'string') throw new Error(`${where}: a side has a name and a type`);
  if (!pattern.test(side.source)) throw new Error(`${where}: the source ${JSON.stringify(side.source)} is not ${String(pattern)}`);
}

/** Gives each method its differences from the node's help; throws on data of another node or package, or a method unknown. */
export function attachSdkVsNode(reference: RpcReference, file = SDK_VS_NODE_FILE): number {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as SdkVsNodeFile;
  const pinned = reference.node?.tag;
  if (data.node.tag !== pinned) throw new Error(`${file}: compares the help of defid ${data.node.tag}, the reference pins ${pinned ?? 'no node'}`);
  if (data.package.name !== reference.package.name || data.package.version !== reference.package.version)
    throw new Error(`${file}: compares ${data.package.name} ${data.package.version}, the reference is ${reference.package.name} ${reference.package.version}`);
  let count = 0;
  for (const entry of data.methods) {
    const [categoryName, methodName] = entry.method.split('.');
    const method = reference.categories.find((category) => category.name === categoryName)?.methods.find((candidate) => candidate.name === methodName);
    if (method === undefined) throw new Error(`${file}: no method ${entry.method}`);
    if (!method.rpc.names.includes(entry.rpc)) throw new Error(`${file}: ${entry.method} does not call ${entry.rpc}`);
    for (const [index, difference] of entry.differences.entries()) {
      const where = `${file} ${entry.method} difference ${index}`;
      if (!KINDS.has(difference.kind)) throw new Error(`${where}: unknown kind ${difference.kind}`);
      if (difference.by === 'hand' && (difference.note ?? '').trim() === '') throw new Error(`${where}: read by hand without its note`);
      const node = /^src\/[\w/.-]+:\d+$/;
      const sdk = /^packages\/[\w/.-]+:\d+$/;
      if ('node' in difference) checkSide(difference.node, node, where);
      if ('nodeArgs' in difference) for (const arg of difference.nodeArgs) checkSide(arg, node, where);
      if ('sdk' in difference) checkSide(difference.sdk, sdk, where);
    }
    method.nodeDifferences = entry.differences;
    count += entry.differences.length;
  }
  return count;
}
