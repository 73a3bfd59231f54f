// get_rpc_method: a Full Node RPC method of JsonRpcClient by its name, `category.method` or node RPC name.
import { z } from 'zod';
import type { Doc, Parameter, RpcReference } from '../../../generator/model/types';
import { deprecationText, fieldRequired, fieldTypeAt, methodDeprecated, methodDoc, namedReplacement, sourceUrl } from '../../../generator/model/queries';
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
    'notes on types at run time, the errors the node answers with (its own and the groups it names), since when, deprecation and the page URL.',
  input: z.strictObject({
    name: z.string().min(1).max(120).describe('Method name, `category.method`, or node RPC name'),
  }),
  output: z.looseObject({
    sdk: z.string(),
    method: z.string(),
    call: z.string(),
    nodeRpc: z.array(z.string()).optional(),
    url: z.string().optional(),
    description: z.string().optional(),
    since: z.string().optional(),
    changed: z.array(z.looseObject({ version: z.string() })).optional(),
    deprecated: z.string().optional(),
    signatures: z.array(z.looseObject({ signature: z.string() })),
    examples: z.array(z.looseObject({})).optional(),
    errors: z.looseObject({}).optional(),
    otherMatches: z.array(z.string()).optional(),
  }),
  run(docs, { name }): Answer | Miss {
    const [found, ...others] = findRpcMethods(docs, name);
    if (found === undefined) {
      return { miss: `No Full Node RPC method is named "${name}".`, suggestions: suggestionsFor(docs, 'rpc:', name) };
    }
    return compact({
      ...rpcMethodAnswer(docs, found),
      otherMatches: others.map((other) => `${other.category.name}.${other.method.name}${methodDeprecated(other.method) ? ' (deprecated)' : ''}`),
    });
  },
});
