// The ejected CodeBlock (override `ejected-code-block`, src/theme/CodeBlock/index.tsx) is the theme's own source with
// one change: the block is not keyed on useIsBrowser(). Both files are read with the TypeScript compiler, comments
// dropped, the change taken out of upstream's, and both printed by Prettier: the two texts must be the same, so an
// upstream that changes anything else (or a copy that drifts) fails here, naming the difference.
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const COPY = path.join(ROOT, 'src/theme/CodeBlock/index.tsx');
/** The source the theme ships beside its compiled lib/ (what `docusaurus swizzle --eject` copies for a TypeScript site). */
const UPSTREAM = path.join(path.dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'src/theme/CodeBlock/index.tsx');

/** Upstream's source without the change the copy makes: its useIsBrowser import, the call, and the key it feeds. */
const withoutTheKey: ts.TransformerFactory<ts.SourceFile> = (context) => {
  const visit = (node: ts.Node): ts.VisitResult<ts.Node | undefined> => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === '@docusaurus/useIsBrowser') return undefined;
    if (
      ts.isVariableStatement(node) &&
      node.declarationList.declarations.some((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === 'isBrowser')
    )
      return undefined;
    if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name) && node.name.text === 'key') return undefined;
    return ts.visitEachChild(node, visit, context);
  };
  return (file) => ts.visitNode(file, visit) as ts.SourceFile;
};

/** The code of a TSX source, comments dropped, printed the way Prettier prints it with the project's settings. */
async function code(source: string, transform?: ts.TransformerFactory<ts.SourceFile>): Promise<string> {
  let file = ts.createSourceFile('index.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  if (transform) file = ts.transform(file, [transform]).transformed[0]!;
  const printed = ts.createPrinter({ removeComments: true }).printFile(file);
  const options = (await prettier.resolveConfig(COPY)) ?? {};
  return prettier.format(printed, { ...options, parser: 'typescript' });
}

/** The copy's code and upstream's without the change, for the comparison. */
async function compare(upstream: string, copy: string): Promise<{ upstream: string; copy: string }> {
  return { upstream: await code(upstream, withoutTheKey), copy: await code(copy) };
}

describe('ejected-code-block', () => {
  const upstream = fs.readFileSync(UPSTREAM, 'utf8');
  const copy = fs.readFileSync(COPY, 'utf8');

  it("is the theme's CodeBlock without the key on useIsBrowser(), and nothing else changed", async () => {
    // The change is there to take out: upstream keys the block on the hook, the copy neither calls it nor keys.
    expect(upstream).toMatch(/key=\{String\(isBrowser\)\}/);
    const { upstream: expected, copy: actual } = await compare(upstream, copy);
    expect(actual).not.toMatch(/useIsBrowser|key=/);
    expect(actual).toBe(expected);
  });

  it('goes red when upstream changes anything beside the key, or keys the block on something else', async () => {
    const changed = upstream.replace("typeof children === 'string' ? StringContent", "typeof children === 'number' ? StringContent");
    expect(changed).not.toBe(upstream);
    const first = await compare(changed, copy);
    expect(first.copy).not.toBe(first.upstream);
    // A second hook upstream adds is not the change the copy makes, and stays in upstream's code.
    const rekeyed = upstream.replace('const isBrowser = useIsBrowser();', 'const isBrowser = useIsBrowser();\n  const colorMode = useColorMode();');
    const second = await compare(rekeyed, copy);
    expect(second.upstream).toContain('useColorMode()');
    expect(second.copy).not.toBe(second.upstream);
  });
});
