// Nothing dropped: every field of every parameter's object type, and every field of every type section,
// is a row on the generated pages of both references. The fields are read here from the packages' declaration files
// with the TypeScript checker, not from the generator's model, so a field the extractor loses (a name declared twice,
// a field without a doc comment) is caught: the rows a reader sees are compared with what the compiler says.
import path from 'node:path';
import fs from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { rpcCategoryText } from '../support/page-text';

const ROOT = path.resolve(__dirname, '../..');

interface ExpectedField {
  name: string;
  optional: boolean;
}

interface PackageView {
  checker: ts.TypeChecker;
  dist: string;
  /** Category name → its class's public methods, each with its overloads' parameters. */
  categories: Map<string, Map<string, ts.ParameterDeclaration[]>>;
  /** Interfaces and classes of the package by name (a name may be declared in several modules). */
  typesByName: Map<string, ts.Type[]>;
}

function inPackage(node: ts.Node, dist: string): boolean {
  return path.resolve(node.getSourceFile().fileName).startsWith(dist + path.sep);
}

function readPackage(name: string, clientClass: string): PackageView {
  const dist = path.join(ROOT, 'node_modules', name, 'dist');
  const program = ts.createProgram([path.join(dist, 'index.d.ts')], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const categories = new Map<string, Map<string, ts.ParameterDeclaration[]>>();
  const typesByName = new Map<string, ts.Type[]>();
  for (const file of program.getSourceFiles()) {
    if (!path.resolve(file.fileName).startsWith(dist + path.sep)) continue;
    for (const statement of file.statements) {
      if ((ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
        const list = typesByName.get(statement.name.text) ?? [];
        list.push(checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(statement.name) as ts.Symbol));
        typesByName.set(statement.name.text, list);
      }
      if (!ts.isClassDeclaration(statement) || statement.name?.text !== clientClass) continue;
      for (const member of statement.members) {
        if (!ts.isPropertyDeclaration(member) || member.type === undefined) continue;
        if (ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
        const categoryType = checker.getTypeFromTypeNode(member.type);
        const methods = new Map<string, ts.ParameterDeclaration[]>();
        for (const property of categoryType.getProperties()) {
          for (const declaration of property.declarations ?? []) {
            if (!ts.isMethodDeclaration(declaration)) continue;
            if (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
            methods.set(property.name, [...(methods.get(property.name) ?? []), ...declaration.parameters]);
          }
        }
        categories.set(member.name.getText(), methods);
      }
    }
  }
  return { checker, dist, categories, typesByName };
}

/** The data fields of an object type as the compiler sees them: no methods, nothing private or protected. */
function dataFields(view: PackageView, type: ts.Type): ExpectedField[] {
  return view.checker
    .getPropertiesOfType(type)
    .filter((property) =>
      (property.declarations ?? []).every(
        (declaration) =>
          !ts.isMethodDeclaration(declaration) &&
          !ts.isMethodSignature(declaration) &&
          !(ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)),
      ),
    )
    .map((property) => ({ name: property.name, optional: (property.flags & ts.SymbolFlags.Optional) !== 0 }));
}

/**
 * The object shapes a parameter takes, as the compiler resolves its type: interfaces and inline objects of the package,
 * through arrays and unions; `undefined`, primitives and other packages' classes (BigNumber) have none.
 */
function parameterFields(view: PackageView, type: ts.Type): ExpectedField[] {
  if (type.isUnion()) return type.types.flatMap((member) => parameterFields(view, member));
  if (view.checker.isArrayType(type)) {
    const element = view.checker.getTypeArguments(type as ts.TypeReference)[0];
    return element === undefined ? [] : parameterFields(view, element);
  }
  if (!(type.flags & ts.TypeFlags.Object)) return [];
  const declaration = (type.aliasSymbol ?? type.getSymbol())?.declarations?.[0];
  if (declaration === undefined || !inPackage(declaration, view.dist)) return [];
  if (view.checker.getIndexInfosOfType(type).length > 0 && view.checker.getPropertiesOfType(type).length === 0) return [];
  return dataFields(view, type);
}

/** The pages' sections, split at their h2 headings, with the text a reader sees. */
/** The sections of the generated pages in `dir`, each under its category's file name (a split category's pages under one). */
function sections(dir: string): { page: string; text: string }[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isFile() && entry.name.endsWith('.mdx') && !entry.name.startsWith('_')) return [entry.name];
      // A category written on several pages: a folder of its own (not the node-only RPCs' folder).
      if (entry.isDirectory() && entry.name !== 'node-only' && fs.existsSync(path.join(dir, entry.name, `${entry.name}.mdx`))) return [`${entry.name}.mdx`];
      return [];
    })
    .flatMap((file) =>
      rpcCategoryText(dir, file.replace(/\.mdx$/, ''))
        .split(/\n(?=## )/)
        .map((text) => ({ page: file, text })),
    );
}

/** `- \`name\` · ...` rows of a section: the name as written, without `?` or `readonly`. */
function rowNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^\s*- `(?:readonly )?([^`]+?)\??` ·/gm)) names.add((match[1] ?? '').replace(/^'(.*)'$/, '$1'));
  return names;
}

/** Missing rows of every type section (`### Name` under `## Types`) against the compiler's fields of that name. */
function missingTypeRows(view: PackageView, dir: string): string[] {
  const missing: string[] = [];
  for (const { page, text } of sections(dir)) {
    if (!text.startsWith('## Types')) continue;
    for (const typeSection of text.split(/\n(?=### )/).slice(1)) {
      const name = /^### (\S+)/.exec(typeSection)?.[1] ?? '';
      const rows = rowNames(typeSection);
      const candidates = (view.typesByName.get(name) ?? []).map((type) => dataFields(view, type));
      if (candidates.length === 0) continue; // an enum or alias: no fields to compare
      // A name declared in several modules (`UTXO`): the declaration the section shows best.
      const missed = (fields: ExpectedField[]): number => fields.filter((field) => !rows.has(field.name)).length;
      const best = candidates.reduce((a, b) => (missed(b) < missed(a) ? b : a));
      for (const field of best) if (!rows.has(field.name)) missing.push(`${page} ${name}.${field.name}`);
    }
  }
  return missing;
}

describe('full node reference: nothing dropped', () => {
  const view = readPackage('@defichain/jellyfish-api-core', 'ApiClient');
  const all = sections(path.join(ROOT, 'docs/node/jellyfish/api'));

  it('reads the 18 categories and 201 methods of the package', () => {
    expect(view.categories.size).toBe(18);
    expect([...view.categories.values()].reduce((sum, methods) => sum + methods.size, 0)).toBe(201);
  });

  it("lists every field of every parameter's object type, with its requirement", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [category, methods] of view.categories) {
      for (const [method, parameters] of methods) {
        const section = all.find(({ page, text }) => page === `${category}.mdx` && text.startsWith(`## ${method} {`));
        if (section === undefined) {
          missing.push(`${category}.${method}: no section`);
          continue;
        }
        for (const parameter of parameters) {
          const name = ts.isIdentifier(parameter.name) ? parameter.name.text : null;
          const type = view.checker.getTypeAtLocation(parameter);
          for (const field of parameterFields(view, view.checker.getNonNullableType(type))) {
            checked += 1;
            // A destructured parameter is named after its type; its rows are `<name>.<field>` all the same.
            const row = new RegExp(`^\\s*- \`${name ?? '[A-Za-z]+'}\\.${field.name}\` · .*· (required|optional|not in|[a-z]+ in)`, 'm');
            if (!row.test(section.text)) missing.push(`${category}.${method}(${name ?? 'destructured'}.${field.name})`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(missing).toEqual([]);
  });

  it('lists every field of every type section, inherited ones included', () => {
    expect(missingTypeRows(view, path.join(ROOT, 'docs/node/jellyfish/api'))).toEqual([]);
  });

  // `Vault` is a class (the category) and an interface (the data): the schema is the interface's.
  it('gives the OpenRPC schema of a name declared twice the fields of the declaration types use', () => {
    const document = JSON.parse(fs.readFileSync(path.join(ROOT, 'static/node/openrpc.json'), 'utf8')) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const vault = (view.typesByName.get('Vault') ?? []).map((type) => dataFields(view, type).map((field) => field.name));
    expect(vault[0]).toEqual(['vaultId', 'loanSchemeId', 'ownerAddress', 'state']);
    expect(Object.keys(document.components.schemas.Vault?.properties ?? {})).toEqual(vault[0]);
  });
});

describe('Ocean reference: nothing dropped', () => {
  const view = readPackage('@defichain/whale-api-client', 'WhaleApiClient');
  const all = sections(path.join(ROOT, 'docs/ocean/reference'));

  it('reads the 15 categories and 60 endpoints of the package', () => {
    expect(view.categories.size).toBe(15);
    expect([...view.categories.values()].reduce((sum, methods) => sum + methods.size, 0)).toBe(60);
  });

  it("lists every field of every parameter's object type (query, path or body), and every other parameter", () => {
    const missing: string[] = [];
    for (const [category, methods] of view.categories) {
      for (const [method, parameters] of methods) {
        const section = all.find(({ text }) => text.includes(`Source of ${category}.${method} (`));
        if (section === undefined) {
          missing.push(`${category}.${method}: no section`);
          continue;
        }
        const rows = rowNames(section.text);
        for (const parameter of parameters) {
          const name = parameter.name.getText();
          const fields = parameterFields(view, view.checker.getNonNullableType(view.checker.getTypeAtLocation(parameter)));
          if (fields.length === 0) {
            const named = rows.has(name) || section.text.includes(`Client argument \`${name}\``) || /Used by the client only, not sent:/.test(section.text);
            if (!named) missing.push(`${category}.${method}(${name})`);
          }
          for (const field of fields) if (!rows.has(field.name)) missing.push(`${category}.${method}(${name}.${field.name})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists every field of every type section, inherited ones included', () => {
    expect(missingTypeRows(view, path.join(ROOT, 'docs/ocean/reference'))).toEqual([]);
  });
});
