// get_rpc_method: a Full Node RPC method of JsonRpcClient by its name, `category.method` or node RPC name.
import { z } from 'zod';
import type { Doc, NodeRpc, NodeRpcArg, NodeRpcChange, Parameter, RpcReference, SdkNodeDifference, SdkNodeSide } from '../../../generator/model/types';
import {
  NODE_NEED_WORDS,
  deprecationText,
  fieldRequired,
  fieldTypeAt,
  methodDeprecated,
  methodDoc,
  namedReplacement,
  sourceUrl,
} from '../../../generator/model/queries';
import type { DocsData, RpcMethodRef } from '../docs-data';
import { rpcErrorsAnswer } from './errors';
import { signatureText, typeText } from '../type-text';
import { pageExamples } from './examples';
import { changesAnswer, compact, defineTool, suggestionsFor, type Answer, type Miss } from './tool';

/** How a parameter reads on the page: required, or optional with the implementation's default. */
function requirement(parameter: Pick<Parameter, 'optional' | 'rest' | 'defaultValue'>): { required: boolean; default?: string } {
  if (!parameter.optional && !parameter.rest) return { required: true };
  return parameter.defaultValue === null ? { required: false } : { required: false, default: parameter.defaultValue.text };
}

function parameterAnswer(reference: RpcReference, parameter: Parameter): Answer {
  const seen = new Set<string>();
  const fields: Answer[] = [];
  for (const fieldDoc of parameter.fieldDocs) {
    if (seen.has(fieldDoc.path)) continue;
    seen.add(fieldDoc.path);
    // The declared field, as the page's row takes it, and whether it must be given as the row says.
    const field = fieldTypeAt(reference.types, parameter.type, fieldDoc.path.split('.').slice(1));
    fields.push(
      compact({
        path: fieldDoc.path,
        type: field ? typeText(field.type) : fieldDoc.typeText,
        required: fieldRequired(field, fieldDoc) ?? undefined,
        default: fieldDoc.defaultValue?.text,
        description: fieldDoc.description.trim(),
      }),
    );
  }
  return compact({
    name: `${parameter.rest ? '...' : ''}${parameter.name}`,
    type: typeText(parameter.type),
    ...requirement(parameter),
    description: parameter.description.trim(),
    fields,
  });
}

/** The deprecation as the method's warning says it. */
function deprecation(doc: Doc): string | undefined {
  return deprecationText(doc.deprecated, 'this method') ?? undefined;
}

/** Every method the name may stand for, best first: exact names, then case-insensitive, by `category.method` or node RPC. */
function findRpcMethods(docs: DocsData, input: string): RpcMethodRef[] {
  const query = input
    .trim()
    .replace(/^client\./, '')
    .replace(/\(.*\)$/, '');
  const all = docs.rpc.categories.flatMap((category) => category.methods.map((method) => ({ category, method })));
  const [maybeCategory, maybeMethod] = query.includes('.') ? query.split('.', 2) : [undefined, query];
  const tests: Array<(ref: RpcMethodRef) => boolean> = [
    (ref) => (maybeCategory === undefined || ref.category.name === maybeCategory) && ref.method.name === maybeMethod,
    (ref) =>
      (maybeCategory === undefined || ref.category.name.toLowerCase() === maybeCategory.toLowerCase()) &&
      ref.method.name.toLowerCase() === maybeMethod?.toLowerCase(),
    (ref) => ref.method.rpc.names.includes(query),
    (ref) => ref.method.rpc.names.some((name) => name.toLowerCase() === query.toLowerCase()),
  ];
  for (const test of tests) {
    const found = all.filter(test);
    if (found.length > 0) {
      // A method the package deprecates (in favour of another category's) comes after the others.
      const deprecated = (ref: RpcMethodRef): boolean => methodDeprecated(ref.method);
      return [...found.filter((ref) => !deprecated(ref)), ...found.filter(deprecated)];
    }
  }
  return [];
}

/** The TypeScript, curl and response blocks of each example on the method's page, with the model's run-time notes. */
function examplesOf(docs: DocsData, ref: RpcMethodRef): Answer[] | undefined {
  const place = docs.methodPlace(ref);
  const section = place === undefined ? undefined : docs.section(place);
  if (section === undefined) return undefined;
  const examples = pageExamples(section, (label, title) => label === 'TypeScript' || label === 'JSON-RPC (curl)' || title.startsWith('Response of '));
  return examples.map((example, index) => {
    const model = ref.method.examples.find((candidate) => candidate.title === example.title) ?? ref.method.examples[index];
    const code = (test: (block: { label: string; title: string }) => boolean): string | undefined => example.blocks.find(test)?.code;
    return compact({
      title: example.title,
      signature: model === undefined || ref.method.signatures.length === 1 ? undefined : model.signature + 1,
      typescript: code((block) => block.label === 'TypeScript'),
      curl: code((block) => block.label === 'JSON-RPC (curl)'),
      response: code((block) => block.title.startsWith('Response of ')),
      runtimeTypes: model?.runtimeTypes.map((note) => compact({ ...note })),
    });
  });
}

function nodeCiteUrl(docs: DocsData, cite: { path: string; line: number }): string | undefined {
  const catalog = docs.rpc.nodeRpcs;
  return catalog === undefined ? undefined : sourceUrl({ repositoryUrl: catalog.repository, tag: catalog.tag }, cite.path, cite.line);
}

/** A `file:line` of the node's or the SDK's sources as the URL of that line at its tag. */
function sideAnswer(docs: DocsData, side: SdkNodeSide): Answer {
  const [file = '', line = '0'] = side.source.split(':');
  const url = file.startsWith('src/') ? nodeCiteUrl(docs, { path: file, line: Number(line) }) : sourceUrl(docs.rpc.package, file, Number(line));
  return compact({ ...side, source: url });
}

/** Where the method and its RPC's help at the pinned node differ, or how its params map onto the help's arguments. */
function againstNodeAnswer(docs: DocsData, differences: readonly SdkNodeDifference[] | undefined): Answer[] | undefined {
  if (differences === undefined || differences.length === 0) return undefined;
  return differences.map((difference) =>
    compact({
      kind: difference.kind,
      position: 'position' in difference ? difference.position : undefined,
      node: 'node' in difference ? sideAnswer(docs, difference.node) : undefined,
      nodeArgs: 'nodeArgs' in difference ? difference.nodeArgs.map((arg) => sideAnswer(docs, arg)) : undefined,
      sdk: 'sdk' in difference ? { ...sideAnswer(docs, difference.sdk), ...('fields' in difference.sdk ? { fields: difference.sdk.fields } : {}) } : undefined,
      by: difference.by,
      note: difference.note,
    }),
  );
}

function nodeChangeAnswer(change: NodeRpcChange): Answer {
  switch (change.kind) {
    case 'added':
      return { release: change.tag, change: 'added', arguments: change.args };
    case 'removed':
      return { release: change.tag, change: 'removed' };
    case 'category':
      return { release: change.tag, change: `category ${change.from} → ${change.to}` };
    case 'args':
      return compact({
        release: change.tag,
        change: 'arguments',
        added: change.added.length > 0 ? change.added : undefined,
        removed: change.removed.length > 0 ? change.removed : undefined,
        renamed: change.renamed.length > 0 ? change.renamed.map((rename) => `${rename.from} → ${rename.to}`) : undefined,
      });
  }
}

/**
 * The node release that added the RPC, what later releases (newer nodes included) changed, and what the node must run
 * with, as the sections say.
 */
function nodeHistoryAnswer(docs: DocsData, rpc: NodeRpc): Answer {
  const later = rpc.changes.filter((change) => change.kind !== 'added');
  return compact({
    nodeSince: `defid ${rpc.added}`,
    nodeChanges: later.length > 0 ? later.map(nodeChangeAnswer) : undefined,
    nodePinned: `defid ${docs.rpc.nodeRpcs?.tag ?? ''}`,
    needs: rpc.needs.map((need) => compact({ need: NODE_NEED_WORDS[need.need], source: nodeCiteUrl(docs, need.at) })),
  });
}

function nodeArgAnswer(arg: NodeRpcArg): Answer {
  return compact({
    name: arg.name,
    type: arg.type,
    required: arg.presence === 'required',
    default: arg.default ?? undefined,
    description: arg.description.trim(),
    members: arg.inner.length > 0 ? arg.inner.map(nodeArgAnswer) : undefined,
  });
}

/** A node RPC that no method of the client calls: the node's own help, reached through `client.call`. */
function nodeOnlyAnswer(docs: DocsData, rpc: NodeRpc): Answer {
  const place = docs.nodeRpcPlace(rpc.name);
  const params = rpc.sample === null ? undefined : JSON.stringify(rpc.sample.params);
  return compact({
    sdk: docs.sdkOf('rpc'),
    method: rpc.name,
    call: params === undefined ? `client.call('${rpc.name}', [/* its arguments, in order */], 'number')` : `client.call('${rpc.name}', ${params}, 'number')`,
    nodeRpc: [rpc.name],
    typed: false,
    notTyped: `No method of JsonRpcClient calls ${rpc.name}; client.call sends it with the params as given and parses numbers with the precision asked for.`,
    nodeCategory: rpc.category,
    url: place === undefined ? undefined : docs.url(place.route, place.anchor),
    description: rpc.description.trim(),
    ...nodeHistoryAnswer(docs, rpc),
    arguments: rpc.args.map(nodeArgAnswer),
    namedParameters:
      rpc.tableArgs.join(',') === rpc.args.map((arg) => arg.name).join(',')
        ? undefined
        : `Named parameters take the RPC table's names: ${rpc.tableArgs.join(', ')}.`,
    results: rpc.results.map((result) => compact({ condition: result.condition === '' ? undefined : result.condition, text: result.text })),
    helpExamples: rpc.examples,
    errors: rpcErrorsAnswer(docs, rpc.errors, docs.rpc.errors),
    source: nodeCiteUrl(docs, rpc.source.handler ?? rpc.source.table),
  });
}

/** The node history of the first of a method's RPCs the catalog has. */
function nodeHistoryOf(docs: DocsData, names: readonly string[]): Answer {
  const rpc = docs.rpc.nodeRpcs?.rpcs.find((candidate) => names.includes(candidate.name));
  return rpc === undefined ? {} : nodeHistoryAnswer(docs, rpc);
}

/** The node RPC of that name (any case) that no method calls. */
function findNodeOnly(docs: DocsData, input: string): NodeRpc | undefined {
  const query = input.trim().toLowerCase();
  return docs.rpc.nodeRpcs?.rpcs.find((rpc) => !rpc.typed && rpc.name.toLowerCase() === query);
}

function rpcMethodAnswer(docs: DocsData, ref: RpcMethodRef): Answer {
  const { category, method } = ref;
  const place = docs.methodPlace(ref);
  // The signature whose doc the page's section opens with (methodDoc's choice).
  const first = method.signatures.find((signature) => signature.doc === methodDoc(method));
  const examples = examplesOf(docs, ref);
  // As the page: the method's warning when every overload is deprecated, else each deprecated overload's own.
  const whole = methodDeprecated(method);
  const reason = methodDoc(method).deprecated;
  const replacement = whole && reason !== null ? namedReplacement(docs.rpc, category, method, reason) : null;
  return compact({
    sdk: docs.sdkOf('rpc'),
    method: `${category.name}.${method.name}`,
    call: `client.${category.name}.${method.name}`,
    nodeRpc: method.rpc.names,
    nodeRpcComputed: method.rpc.computed ? 'The method passes a node RPC name computed at run time.' : undefined,
    ...nodeHistoryOf(docs, method.rpc.names),
    url: place === undefined ? undefined : docs.url(place.route, place.anchor),
    description: first?.doc.text.trim(),
    since: method.history?.since ?? undefined,
    changed: changesAnswer(method.history?.changed),
    deprecated: whole ? deprecation(methodDoc(method)) : undefined,
    deprecatedSince: whole ? (method.history?.deprecated ?? undefined) : undefined,
    replacedBy: replacement === null ? undefined : `${replacement.category.name}.${replacement.method.name}`,
    signatures: method.signatures.map((signature, index) =>
      compact({
        signature: signatureText(method.name, signature),
        description: signature === first ? undefined : signature.doc.text.trim(),
        deprecated: whole ? undefined : deprecation(signature.doc),
        deprecatedSince: whole || signature.doc.deprecated === null ? undefined : ((index === 0 ? method.history : signature.history)?.deprecated ?? undefined),
        parameters: signature.parameters.map((parameter) => parameterAnswer(docs.rpc, parameter)),
        returns: compact({ type: typeText(signature.returns), description: signature.returnsDescription.trim() }),
      }),
    ),
    examples: examples ?? [],
    examplesMissing: examples === undefined ? 'The examples are on the page; this server has no build to read them from (run `npm run build`).' : undefined,
    notes: method.exampleNotes,
    errors: rpcErrorsAnswer(docs, method.errors, docs.rpc.errors),
    againstNode: againstNodeAnswer(docs, method.nodeDifferences),
    see: first?.doc.see,
    source: first?.source === null || first?.source === undefined ? undefined : sourceUrl(docs.rpc.package, first.source.path, first.source.line),
  });
}

export const getRpcMethod = defineTool({
  name: 'get_rpc_method',
  title: 'Full Node RPC method',
  description:
    'One method of the Jellyfish Full Node RPC client (JsonRpcClient, @defichain/jellyfish-api-core): give its name (getBlock), ' +
    '`category.method` (blockchain.getBlock) or the node RPC it calls (getblock). Answers with its signatures, parameters ' +
    '(required or optional, defaults), result type, the examples exactly as the page shows them (TypeScript, curl, the node response), ' +
    'notes on types at run time, the errors the node answers with (its own and the groups it names), since which SDK release and which ' +
    "defid release (and what later node releases changed), where the method and the node's help differ (againstNode), deprecation and the page URL. For an RPC of defid 4.0.9 that no client method " +
    "calls (walletlock, listtransactions, ...), answers with the node's help: arguments, results, what the node must run with, the " +
    'errors the node answers with, the release that added it, and a client.call sample.',
  input: z.strictObject({
    name: z.string().min(1).max(120).describe('Method name, `category.method`, or node RPC name'),
  }),
  output: z.looseObject({
    sdk: z.string(),
    method: z.string(),
    call: z.string(),
    nodeRpc: z.array(z.string()).optional(),
    typed: z.boolean().optional(),
    url: z.string().optional(),
    description: z.string().optional(),
    since: z.string().optional(),
    nodeSince: z.string().optional(),
    nodeChanges: z.array(z.looseObject({ release: z.string(), change: z.string() })).optional(),
    changed: z.array(z.looseObject({ version: z.string() })).optional(),
    deprecated: z.string().optional(),
    signatures: z.array(z.looseObject({ signature: z.string() })).optional(),
    arguments: z.array(z.looseObject({ name: z.string() })).optional(),
    needs: z.array(z.looseObject({ need: z.string() })).optional(),
    examples: z.array(z.looseObject({})).optional(),
    errors: z.looseObject({}).optional(),
    againstNode: z.array(z.looseObject({ kind: z.string() })).optional(),
    otherMatches: z.array(z.string()).optional(),
  }),
  run(docs, { name }): Answer | Miss {
    const [found, ...others] = findRpcMethods(docs, name);
    // A node RPC's exact name is that RPC, even where a method's name differs from it only in case
    // (listreceivedbyaddress, the wallet's, beside spv.listReceivedByAddress, which calls spv_listreceivedbyaddress).
    const exactNodeOnly = docs.rpc.nodeRpcs?.rpcs.find((rpc) => !rpc.typed && rpc.name === name.trim());
    if (exactNodeOnly !== undefined && found?.method.name !== name.trim())
      return compact({
        ...nodeOnlyAnswer(docs, exactNodeOnly),
        otherMatches: found === undefined ? undefined : [found, ...others].map((other) => `${other.category.name}.${other.method.name}`),
      });
    if (found === undefined) {
      const nodeOnly = findNodeOnly(docs, name);
      if (nodeOnly !== undefined) return nodeOnlyAnswer(docs, nodeOnly);
      return { miss: `No Full Node RPC method is named "${name}".`, suggestions: suggestionsFor(docs, 'rpc:', name) };
    }
    return compact({
      ...rpcMethodAnswer(docs, found),
      otherMatches: others.map((other) => `${other.category.name}.${other.method.name}${methodDeprecated(other.method) ? ' (deprecated)' : ''}`),
    });
  },
});
