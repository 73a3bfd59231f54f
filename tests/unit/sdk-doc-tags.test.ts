// Every tag of the doc comments of the 17 SDK packages reaches the page: the declaration files are read on their own
// (each JSDoc tag once, by where it is written), and each tag of a declaration the reference shows is counted against
// what the rendered pages show for it (generator/render/sdk-page.ts and the field rows of render/types.ts).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { extractSdkReference } from '../../generator/extract/sdk';
import { SDK_PACKAGES } from '../../generator/extract/sdk/packages';
import { renderSdkPackage } from '../../generator/render/sdk-page';
import type { SdkReference } from '../../generator/model/sdk';

const NODE_MODULES = path.resolve(__dirname, '../../node_modules');
const sdk = extractSdkReference({ nodeModules: NODE_MODULES, packages: SDK_PACKAGES });
const mdx = sdk.packages.flatMap((pkg) => renderSdkPackage(sdk, pkg, { externalLinks: {} }).map((page) => page.mdx)).join('\n');

type Kind = 'throws' | 'see' | 'default' | 'example' | 'returns of a function-typed declaration' | 'remarks or warning';

function kindOf(tag: ts.JSDocTag, host: ts.Node): Kind | null {
  const name = tag.tagName.text.toLowerCase();
  if (name === 'throws') return 'throws';
  if (name === 'see') return 'see';
  if (name === 'default') return 'default';
  if (name === 'example') return 'example';
  if (name === 'remarks' || name === 'warning') return 'remarks or warning';
  if ((name === 'return' || name === 'returns') && !ts.isFunctionLike(host)) return 'returns of a function-typed declaration';
  return null;
}

/** `package/module/name` of every declaration, member, field and enum member the reference holds. */
function shownNames(reference: SdkReference): Set<string> {
  const names = new Set<string>();
  for (const symbol of Object.values(reference.symbols)) {
    const key = `${symbol.package}/${symbol.module}`;
    names.add(`${key}/${symbol.declaredName}`);
    if (symbol.kind === 'class' || symbol.kind === 'constant') for (const member of symbol.members) names.add(`${key}/${member.name}`);
    if (symbol.kind === 'type' && symbol.declaration.kind === 'interface') for (const field of symbol.declaration.fields) names.add(`${key}/${field.name}`);
    if (symbol.kind === 'type' && symbol.declaration.kind === 'enum') for (const member of symbol.declaration.members) names.add(`${key}/${member.name}`);
  }
  return names;
}

function hostName(host: ts.Node): string {
  if (ts.isVariableStatement(host)) return host.declarationList.declarations[0]?.name.getText() ?? '';
  if (ts.isConstructorDeclaration(host)) return 'constructor';
  const name = (host as { name?: ts.Node }).name;
  return name === undefined ? '' : ts.isStringLiteral(name) ? name.text : name.getText();
}

/** Each tag of the declaration files, once: its kind, and whether the reference shows the declaration it documents. */
function declarationTags(): { kind: Kind; shown: boolean; where: string }[] {
  const shown = shownNames(sdk);
  const found: { kind: Kind; shown: boolean; where: string }[] = [];
  for (const pkg of SDK_PACKAGES) {
    const dist = path.join(NODE_MODULES, '@defichain', pkg.short, 'dist');
    const files = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.d.ts'));
    for (const file of files) {
      const source = ts.createSourceFile(file, fs.readFileSync(path.join(dist, file), 'utf8'), ts.ScriptTarget.Latest, true);
      const seen = new Set<number>();
      const module = file
        .replace(/\.d\.ts$/, '')
        .split(path.sep)
        .join('/');
      const visit = (node: ts.Node): void => {
        for (const doc of ts.getJSDocCommentsAndTags(node)) {
          if (!ts.isJSDoc(doc)) continue;
          for (const tag of doc.tags ?? []) {
            const kind = kindOf(tag, node);
            if (kind === null || seen.has(tag.pos)) continue;
            seen.add(tag.pos);
            const name = hostName(node);
            found.push({ kind, shown: shown.has(`${pkg.short}/${module}/${name}`), where: `${pkg.short}/${module}: ${name}` });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}

/** How many of each kind the rendered pages show. */
function renderedCounts(): Record<Kind, number> {
  const count = (pattern: RegExp): number => (mdx.match(pattern) ?? []).length;
  const seeBlocks = [...mdx.matchAll(/\*\*See also:\*\*(?: \S[^\n]*|\n\n((?:- [^\n]*\n?)+))/g)];
  return {
    throws: count(/\*\*Throws\*\* |Throws: /g),
    see: seeBlocks.reduce((sum, block) => sum + (block[1] === undefined ? 1 : block[1].trim().split('\n').length), 0) + count(/See: /g),
    default: count(/\*\*Default\*\* |Default: `/g),
    example: count(/title="Example from the doc comment"|Example: `/g),
    'returns of a function-typed declaration': count(/\*\*Calling it returns\*\* |Returns: /g),
    'remarks or warning': count(/\*\*(?:Remarks|Warning)\*\* |(?:Remarks|Warning): /g),
  };
}

describe('the doc tags of the 17 packages on their pages', () => {
  const tags = declarationTags();

  it('shows each @throws, @see, @default, @example, @remarks and @return of a function-typed declaration the reference holds', () => {
    const expected: Record<Kind, number> = {
      throws: 0,
      see: 0,
      default: 0,
      example: 0,
      'returns of a function-typed declaration': 0,
      'remarks or warning': 0,
    };
    for (const tag of tags) if (tag.shown) expected[tag.kind] += 1;
    expect(expected.throws).toBeGreaterThan(20);
    expect(renderedCounts()).toEqual(expected);
  });

  it('leaves out only the tags of declarations the packages do not publish', () => {
    // An ambient module of a dependency's types, and two functions of modules no entry point re-exports.
    expect(tags.filter((tag) => !tag.shown).map((tag) => `${tag.kind} @ ${tag.where}`)).toEqual([
      'remarks or warning @ jellyfish-crypto/browserify-aes: browserify-aes',
      'see @ jellyfish-address/script/Bech32: toBech32',
      'throws @ jellyfish-buffer/VarInt: readVarInt',
    ]);
  });

  it('keeps links whole, fixed-width text as written, and an @ inside a sentence as text', () => {
    expect(mdx).not.toMatch(/https? :\/\//);
    for (const [, href] of mdx.matchAll(/\]\((https?:[^)\s]+)\)/g)) expect(href).not.toMatch(/\\|%5C/);
    expect(mdx).toContain('```text\n|  ENT  | CS | ENT+CS |  MS  |\n+-------+----+--------+------+');
    expect(sdk.symbols['testcontainers.GenesisKeys']?.doc.text).toBe('Moved to @defichain/jellyfish-network');
    const options = sdk.symbols['jellyfish-api-jsonrpc.ClientOptions'];
    expect(options?.kind === 'type' && options.declaration.kind === 'interface' ? options.declaration.fields[0]?.doc.defaultText : undefined).toBe('60000 ms');
  });
});
