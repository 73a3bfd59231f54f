// get_type: a type of either client by name, with its fields or members and where the reference uses it.
import { z } from 'zod';
import type { TypeDeclaration } from '../../../generator/model/types';
import { deprecationText, sourceUrl } from '../../../generator/model/queries';
import { declarationKindName } from '../../../generator/model/sdk-queries';
import type { DocsData, TypeRef } from '../docs-data';
import { declarationHead, referencedTypeIds, typeText } from '../type-text';
import { compact, defineTool, historyAnswer, suggestionsFor, type Answer, type Miss } from './tool';

/** At most this many users of each kind are listed; the answer says how many there are. */
const MAX_USERS = 40;

function findTypes(docs: DocsData, input: string, source?: 'rpc' | 'ocean'): TypeRef[] {
  const query = input.trim();
  const all: TypeRef[] = [
    ...(source === 'ocean' ? [] : Object.values(docs.rpc.types).map((declaration) => ({ source: 'rpc' as const, declaration }))),
    ...(source === 'rpc' ? [] : Object.values(docs.ocean.types).map((declaration) => ({ source: 'ocean' as const, declaration }))),
  ];
  const tests: Array<(ref: TypeRef) => boolean> = [
    (ref) => ref.declaration.id === query || ref.declaration.name === query,
    (ref) => ref.declaration.id.toLowerCase() === query.toLowerCase() || ref.declaration.name.toLowerCase() === query.toLowerCase(),
  ];
  for (const test of tests) {
    const found = all.filter(test);
    if (found.length > 0) return found;
  }
  return [];
}

interface Users {
  methods: string[];
  types: string[];
}

const usersCache = new WeakMap<DocsData, Map<string, Users>>();

/** For each `source:id`, the methods or endpoints whose signatures name it and the types whose declarations do. */
function usersOf(docs: DocsData): Map<string, Users> {
  const cached = usersCache.get(docs);
  if (cached !== undefined) return cached;
  const map = new Map<string, Users>();
  const entry = (key: string): Users => {
    let found = map.get(key);
    if (found === undefined) {
      found = { methods: [], types: [] };
      map.set(key, found);
    }
    return found;
  };
  const add = (key: string, list: 'methods' | 'types', name: string): void => {
    const into = entry(key)[list];
    if (!into.includes(name)) into.push(name);
  };
  for (const category of docs.rpc.categories) {
    for (const method of category.methods) {
      const ids = new Set<string>();
      for (const signature of method.signatures) {
        for (const parameter of signature.parameters) referencedTypeIds(parameter.type, ids);
        referencedTypeIds(signature.returns, ids);
      }
      for (const id of ids) add(`rpc:${id}`, 'methods', `${category.name}.${method.name}`);
    }
  }
  for (const category of docs.ocean.categories) {
    for (const endpoint of category.endpoints) {
      const ids = new Set<string>();
      for (const parameter of endpoint.signature.parameters) referencedTypeIds(parameter.type, ids);
      referencedTypeIds(endpoint.signature.returns, ids);
      for (const id of ids) add(`ocean:${id}`, 'methods', `${category.name}.${endpoint.name}`);
    }
  }
  for (const [source, types] of [
    ['rpc', docs.rpc.types],
    ['ocean', docs.ocean.types],
  ] as const) {
    for (const declaration of Object.values(types)) {
      const ids = new Set<string>();
      if (declaration.kind === 'interface') {
        for (const field of declaration.fields) referencedTypeIds(field.type, ids);
        for (const base of declaration.extends) referencedTypeIds(base, ids);
        for (const signature of declaration.indexSignatures) referencedTypeIds(signature.type, ids);
      } else if (declaration.kind === 'alias') {
        referencedTypeIds(declaration.type, ids);
      }
      ids.delete(declaration.id);
      for (const id of ids) add(`${source}:${id}`, 'types', declaration.id);
    }
  }
  usersCache.set(docs, map);
  return map;
}

/** The fields (or enum members, or aliased type) of a declaration, as its section lists them; get_symbol uses it too. */
export function membersOf(declaration: TypeDeclaration): Answer {
  const since = declaration.history?.since ?? null;
  switch (declaration.kind) {
    case 'interface':
      return {
        fields: declaration.fields.map((field) =>
          compact({
            name: field.name,
            type: typeText(field.type),
            optional: field.optional || undefined,
            readonly: field.readonly || undefined,
            description: field.doc.text.trim(),
            deprecated: deprecationText(field.doc.deprecated, 'this field') ?? undefined,
            ...historyAnswer(field.history, since),
          }),
        ),
        indexSignatures: declaration.indexSignatures.map((signature) => `[${signature.keyName}: ${typeText(signature.keyType)}]: ${typeText(signature.type)}`),
      };
    case 'enum':
      return {
        members: declaration.members.map((member) =>
          compact({
            name: member.name,
            value: member.value ?? undefined,
            description: member.doc.text.trim(),
            deprecated: deprecationText(member.doc.deprecated, 'this member') ?? undefined,
            ...historyAnswer(member.history, since),
          }),
        ),
      };
    case 'alias':
      return { type: typeText(declaration.type) };
  }
}

/** How a program imports the type: through the namespace the package's entry exports its module as, else its module path. */
function importLine(
  reference: { namespaceExports: Record<string, string>; modulePaths: Record<string, string>; package: { name: string } },
  declaration: TypeDeclaration,
): string | undefined {
  const namespace = reference.namespaceExports[declaration.module];
  if (namespace !== undefined) return `import type { ${namespace} } from '${reference.package.name}'; // then ${namespace}.${declaration.name}`;
  const modulePath = reference.modulePaths[declaration.module];
  return modulePath === undefined ? undefined : `import type { ${declaration.name} } from '${modulePath}';`;
}

function typeAnswer(docs: DocsData, ref: TypeRef): Answer {
  const { declaration, source } = ref;
  const place = docs.typePlace(ref);
  const users = usersOf(docs).get(`${source}:${declaration.id}`) ?? { methods: [], types: [] };
  const reference = source === 'rpc' ? docs.rpc : docs.ocean;
  return compact({
    sdk: docs.sdkOf(source),
    name: declaration.name,
    id: declaration.id,
    kind: declarationKindName(declaration),
    import: importLine(reference, declaration),
    declaration: declarationHead(declaration),
    url: place === undefined ? undefined : docs.url(place.route, place.anchor),
    description: declaration.doc.text.trim(),
    deprecated: deprecationText(declaration.doc.deprecated, 'this type') ?? undefined,
    ...historyAnswer(declaration.history),
    ...membersOf(declaration),
    usedBy: compact({
      [source === 'rpc' ? 'methods' : 'endpoints']: users.methods.slice(0, MAX_USERS),
      types: users.types.slice(0, MAX_USERS),
      more:
        users.methods.length > MAX_USERS || users.types.length > MAX_USERS
          ? `${users.methods.length} methods and ${users.types.length} types in all`
          : undefined,
    }),
    source: declaration.source === null ? undefined : sourceUrl(reference.package, declaration.source.path, declaration.source.line),
  });
}

/** At most this many types of one name are answered at once. */
const MAX_TYPES = 12;

export const getType = defineTool({
  name: 'get_type',
  title: 'Type',
  description:
    'A TypeScript type of the Full Node RPC client (@defichain/jellyfish-api-core) or of WhaleApiClient (@defichain/whale-api-client) ' +
    'by name (Block, UTXO) or id (`module.Name`, blockchain.Block): its declaration, fields with their types and descriptions (or enum ' +
    'members), which methods, endpoints and types use it, and the page URL. Several types may share a name; each is answered.',
  input: z.strictObject({
    name: z.string().min(1).max(120).describe('Type name or `module.Name` id'),
    source: z.enum(['rpc', 'ocean']).optional().describe('Only the Full Node RPC (`rpc`) or Ocean (`ocean`) types'),
  }),
  output: z.looseObject({
    sdk: z.string(),
    name: z.string().optional(),
    id: z.string().optional(),
    kind: z.string().optional(),
    declaration: z.string().optional(),
    url: z.string().optional(),
    since: z.string().optional(),
    matches: z.number().optional(),
    types: z.array(z.looseObject({})).optional(),
  }),
  run(docs, { name, source }): Answer | Miss {
    const found = findTypes(docs, name, source);
    if (found.length === 0) return { miss: `No type is named "${name}".`, suggestions: suggestionsFor(docs, 'type:', name) };
    const answers = found.slice(0, MAX_TYPES).map((ref) => typeAnswer(docs, ref));
    if (answers.length === 1) return answers[0] as Answer;
    return compact({
      sdk: [...new Set(found.map((ref) => docs.sdkOf(ref.source)))].join(', '),
      matches: found.length,
      types: answers,
      more:
        found.length > MAX_TYPES
          ? `${found.length - MAX_TYPES} more; ask by id: ${found
              .slice(MAX_TYPES)
              .map((ref) => ref.declaration.id)
              .join(', ')}`
          : undefined,
    });
  },
});
