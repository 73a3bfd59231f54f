// Finds the TypeScript/JavaScript code blocks of the hand-written docs and type-checks them against node_modules.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Code, Nodes } from 'mdast';
import { compileInMemory, fileDiagnostics } from '../support/typecheck';
import { isGenerated } from '../../contract/generated-outputs';

/** Fence languages that are compiled; the value is the extension the block is checked as. */
const CHECKED_LANGUAGES: Readonly<Record<string, '.ts' | '.tsx' | '.js'>> = {
  ts: '.ts',
  typescript: '.ts',
  tsx: '.tsx',
  js: '.js',
  javascript: '.js',
};

export interface CodeBlock {
  /** Markdown file the block comes from, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  meta: string;
  code: string;
  /** Set when the meta string carries `no-check`: the stated reason, or '' when none was given. */
  noCheck?: string;
  /**
   * Set when the meta string carries `before="3.5.2"`: the block shows code for that older release (a migration
   * guide's "before"), checked against its declarations kept in tests/fixtures/history instead of the pinned packages.
   */
  before?: string;
}

export interface BlockProblem {
  block: CodeBlock;
  message: string;
}

/** Reads `key="value"`, `key='value'`, `key=value` and bare `key` attributes from a fence's meta string. */
export function parseMeta(meta: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let i = 0;
  while (i < meta.length) {
    while (i < meta.length && /\s/.test(meta.charAt(i))) i++;
    const keyStart = i;
    while (i < meta.length && !/[\s=]/.test(meta.charAt(i))) i++;
    const key = meta.slice(keyStart, i);
    if (key === '') {
      i++;
      continue;
    }
    let value = '';
    if (meta.charAt(i) === '=') {
      i++;
      const quote = meta.charAt(i);
      if (quote === '"' || quote === "'") {
        const end = meta.indexOf(quote, i + 1);
        const stop = end === -1 ? meta.length : end;
        value = meta.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const valueStart = i;
        while (i < meta.length && !/\s/.test(meta.charAt(i))) i++;
        value = meta.slice(valueStart, i);
      }
    }
    attributes.set(key, value);
  }
  return attributes;
}

function collectCode(node: Nodes, out: Code[]): void {
  if (node.type === 'code') out.push(node);
  if ('children' in node) for (const child of node.children) collectCode(child, out);
}

/** Every fenced block whose language is `lang` (case-insensitive), e.g. the JSON examples of a page. */
export function extractBlocksOfLanguage(markdown: string, file: string, lang: string): CodeBlock[] {
  const codes: Code[] = [];
  collectCode(fromMarkdown(markdown), codes);
  return codes
    .filter((code) => (code.lang ?? '').toLowerCase() === lang)
    .map((code) => ({ file, line: code.position?.start.line ?? 0, lang, meta: code.meta ?? '', code: code.value }));
}

/** Every fenced block of a checked language in one Markdown/MDX document. */
export function extractCodeBlocks(markdown: string, file: string): CodeBlock[] {
  const codes: Code[] = [];
  collectCode(fromMarkdown(markdown), codes);
  const blocks: CodeBlock[] = [];
  for (const code of codes) {
    const lang = (code.lang ?? '').toLowerCase();
    if (!(lang in CHECKED_LANGUAGES)) continue;
    const meta = code.meta ?? '';
    const attributes = parseMeta(meta);
    const block: CodeBlock = { file, line: code.position?.start.line ?? 0, lang, meta, code: code.value };
    const reason = attributes.get('no-check');
    if (reason !== undefined) block.noCheck = reason.trim();
    const before = attributes.get('before');
    if (before !== undefined) block.before = before.trim();
    blocks.push(block);
  }
  return blocks;
}

/**
 * Markdown files under `dir` that belong to the hand-written site: tracked by git, or new and not ignored, and outside
 * the generated outputs (contract/generated-outputs.ts, which .gitignore copies).
 */
export function handWrittenDocs(root: string, dir = 'docs'): string[] {
  const listing = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', dir], {
    cwd: root,
    encoding: 'utf8',
  });
  return listing
    .split('\0')
    .filter((file) => /\.mdx?$/.test(file) && !isGenerated(file) && fs.existsSync(path.join(root, file)))
    .sort();
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // Every block is its own module, so top-level await works and names do not clash between blocks.
  moduleDetection: ts.ModuleDetectionKind.Force,
  esModuleInterop: true,
  allowJs: true,
  checkJs: true,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  skipLibCheck: true,
};

/** A stable file name per block, inside `root` so that module resolution walks up to root/node_modules. */
function virtualFileName(root: string, block: CodeBlock, index: number): string {
  const extension = CHECKED_LANGUAGES[block.lang] ?? '.ts';
  const stem = block.file.replace(/[^A-Za-z0-9]+/g, '_');
  return path.join(root, '.code-blocks', `${stem}_L${block.line}_${index}${extension}`);
}

/** Folder of the old declarations the "before" blocks compile against: tests/fixtures/history/<package>-<version>. */
const OLD_DECLARATIONS = 'tests/fixtures/history';
const OLD_PACKAGES = ['jellyfish-api-core', 'whale-api-client', 'jellyfish-transaction'];

/** Compiler options that resolve `@defichain/<package>` (and its subpaths) to the kept declarations of `version`. */
function optionsForVersion(root: string, version: string): ts.CompilerOptions | null {
  const paths: ts.MapLike<string[]> = {};
  for (const name of OLD_PACKAGES) {
    const dir = path.join(root, OLD_DECLARATIONS, `${name}-${version}`);
    if (!fs.existsSync(dir)) continue;
    paths[`@defichain/${name}`] = [path.join(dir, 'dist/index.d.ts')];
    paths[`@defichain/${name}/*`] = [path.join(dir, '*')];
  }
  return Object.keys(paths).length === 0 ? null : { ...COMPILER_OPTIONS, baseUrl: root, paths };
}

function compileProblems(sources: ReadonlyMap<string, CodeBlock>, options: ts.CompilerOptions, fallback: CodeBlock | undefined): BlockProblem[] {
  const problems: BlockProblem[] = [];
  const program = compileInMemory(new Map([...sources].map(([fileName, block]) => [fileName, block.code])), options);
  for (const diagnostic of program.getOptionsDiagnostics().concat(program.getGlobalDiagnostics())) {
    if (fallback !== undefined) problems.push({ block: fallback, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') });
  }
  for (const [fileName, block] of sources) {
    for (const { line, code, message } of fileDiagnostics(program, fileName)) {
      const where = line === 0 ? '' : `line ${line} of the block: `;
      problems.push({ block, message: `${where}TS${code} ${message}` });
    }
  }
  return problems;
}

/**
 * The "before" blocks (`before="3.5.2"`): each must compile against that release's kept declarations, and must not
 * compile against the pinned packages, or it shows no change that needs code to change.
 */
function checkBeforeBlocks(blocks: readonly CodeBlock[], root: string): BlockProblem[] {
  const problems: BlockProblem[] = [];
  const byVersion = new Map<string, Map<string, CodeBlock>>();
  blocks.forEach((block, index) => {
    const version = block.before ?? '';
    const sources = byVersion.get(version) ?? new Map<string, CodeBlock>();
    sources.set(virtualFileName(root, block, index), block);
    byVersion.set(version, sources);
  });
  for (const [version, sources] of byVersion) {
    const options = optionsForVersion(root, version);
    if (options === null) {
      for (const block of sources.values()) problems.push({ block, message: `no declarations of ${version} under ${OLD_DECLARATIONS} to check it against` });
      continue;
    }
    problems.push(...compileProblems(sources, options, [...sources.values()][0]));
    const pinned = new Map([...sources].map(([fileName, block]) => [fileName.replace(/(\.[jt]sx?)$/, '_pinned$1'), block]));
    const failing = new Set(compileProblems(pinned, COMPILER_OPTIONS, undefined).map((problem) => problem.block));
    for (const block of sources.values()) {
      if (!failing.has(block))
        problems.push({ block, message: `compiles against the pinned packages too: it shows no change from ${version} that needs code to change` });
    }
  }
  return problems;
}

/**
 * Compiles every block that does not opt out, all in one program, and reports type errors per block; a "before"
 * block against its older release instead (checkBeforeBlocks). Blocks that opt out without a reason are reported too.
 */
export function checkCodeBlocks(blocks: readonly CodeBlock[], root: string): BlockProblem[] {
  const problems: BlockProblem[] = [];
  const sources = new Map<string, CodeBlock>();
  const before: CodeBlock[] = [];
  blocks.forEach((block, index) => {
    if (block.noCheck === undefined && block.before !== undefined) before.push(block);
    else if (block.noCheck === undefined) sources.set(virtualFileName(root, block, index), block);
    else if (block.noCheck === '') {
      problems.push({ block, message: 'no-check needs a reason, e.g. no-check="fragment: continues the previous block"' });
    }
  });
  if (before.length > 0) problems.push(...checkBeforeBlocks(before, root));
  if (sources.size === 0) return problems;

  problems.push(...compileProblems(sources, COMPILER_OPTIONS, blocks[0]));
  return problems;
}

export function formatProblem({ block, message }: BlockProblem): string {
  return `${block.file}:${block.line} (\`\`\`${block.lang}${block.meta ? ' ' + block.meta : ''}): ${message}`;
}
