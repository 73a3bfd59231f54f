// One list of what `npm run generate` writes (contract/generated-outputs.ts): git and Prettier ignore exactly its
// paths (their ignore files hold a copy, compared here both ways), git tracks nothing inside them, and the generator's
// writer writes only inside them and prunes every wholly generated folder of what a run did not write.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GENERATED_OUTPUT_LIST, isGenerated } from '../../contract/generated-outputs';
import { outputWriter } from '../../generator/outputs';

const ROOT = path.resolve(__dirname, '../..');
/** The line that opens the block of generated outputs in an ignore file; the block runs to the next blank line. */
const BLOCK_HEADER = /^# Written by `npm run generate`: the outputs of contract\/generated-outputs\.ts/;

/** The paths of an ignore file's block of generated outputs, and the lines of the rest of the file. */
function generatedBlock(text: string): { block: string[]; rest: string[] } {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => BLOCK_HEADER.test(line));
  if (start === -1) return { block: [], rest: lines };
  const length = lines.slice(start + 1).findIndex((line) => line.trim() === '');
  const end = length === -1 ? lines.length : start + 1 + length;
  return { block: lines.slice(start + 1, end), rest: [...lines.slice(0, start), ...lines.slice(end)] };
}

/** What the block lacks of the list (missing) and holds beyond it (extra). */
function compareWithList(block: readonly string[]): { missing: string[]; extra: string[] } {
  const listed = GENERATED_OUTPUT_LIST.map((output) => output.path);
  return { missing: listed.filter((entry) => !block.includes(entry)), extra: block.filter((line) => !listed.includes(line)) };
}

describe('the generated outputs of contract/generated-outputs.ts', () => {
  it('are paths from the root, a folder with its trailing slash, each listed once, none inside another', () => {
    const paths = GENERATED_OUTPUT_LIST.map((output) => output.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const output of GENERATED_OUTPUT_LIST) {
      expect(output.path.endsWith('/'), output.path).toBe(output.kind === 'folder');
      expect(output.path, output.path).not.toMatch(/^\/|\.\.|\\/);
      expect(output.writer.length).toBeGreaterThan(0);
    }
    expect(
      GENERATED_OUTPUT_LIST.filter((output) => paths.some((other) => other !== output.path && other.endsWith('/') && output.path.startsWith(other))),
    ).toEqual([]);
  });

  it.each(['.gitignore', '.prettierignore'])('%s ignores exactly the listed outputs, in its block of them', (file) => {
    const { block, rest } = generatedBlock(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    expect(block.length).toBeGreaterThan(0);
    expect(compareWithList(block)).toEqual({ missing: [], extra: [] });
    // The rest of the file names no output (a second door) and no part of one.
    expect(rest.filter((line) => line !== '' && !line.startsWith('#') && isGenerated(line.replace(/^\//, '').replace(/\*+$/, '')))).toEqual([]);
  });

  it('.gitignore makes no exception inside a generated folder: they hold generated files only', () => {
    const text = fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8');
    expect(text.split('\n').filter((line) => line.startsWith('!'))).toEqual([]);
  });

  it('git tracks no file inside an output (a hand-written file there would be deleted by the next run)', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    expect(tracked.filter((file) => isGenerated(file))).toEqual([]);
    expect(tracked).toContain('docs/ecosystem/package-reference.mdx');
  });

  it('the comparison shows an entry the ignore file lacks and a line it holds beyond the list', () => {
    const listed = GENERATED_OUTPUT_LIST.map((output) => output.path);
    expect(compareWithList([...listed.slice(1), 'docs/node/extra/'])).toEqual({ missing: [listed[0]], extra: ['docs/node/extra/'] });
    const { block } = generatedBlock('a\n\n# Written by `npm run generate`: the outputs of contract/generated-outputs.ts\nx/\ny.json\n\nz/\n');
    expect(block).toEqual(['x/', 'y.json']);
  });
});

describe("the generator's writer", () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });
  const site = (): string => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-outputs-'));
    roots.push(root);
    return root;
  };

  it('writes inside the outputs only, and only what changed', () => {
    const root = site();
    const writer = outputWriter(root);
    expect(writer.write(path.join(root, 'generated/pages/rpc/a.json'), '1')).toBe(true);
    expect(writer.write(path.join(root, 'generated/pages/rpc/a.json'), '1')).toBe(false);
    expect(writer.write(path.join(root, 'static/node/openrpc.json'), '{}')).toBe(true);
    expect(() => writer.write(path.join(root, 'docs/ecosystem/recipes.mdx'), '# no')).toThrow(/docs\/ecosystem\/recipes\.mdx is in no output/);
    expect(() => writer.write(path.join(root, 'static/node/other.json'), '{}')).toThrow(/in no output/);
    expect(fs.existsSync(path.join(root, 'docs/ecosystem/recipes.mdx'))).toBe(false);
  });

  it('prunes every wholly generated folder of what the run did not write, and leaves the rest alone', () => {
    const root = site();
    const put = (file: string): void => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), 'old');
    };
    for (const file of [
      'docs/ecosystem/packages/gone.mdx',
      'docs/ecosystem/packages/releases/v9.mdx',
      'docs/ecosystem/packages/jellyfish-transaction/dropped.mdx',
      'generated/old-model.json',
      'generated/pages/sdk/gone.json',
      'docs/node/releases/v9.mdx',
      'docs/ecosystem/package-reference.mdx',
      'docs/node/index.mdx',
      'static/ocean/openapi.json',
    ])
      put(file);
    const writer = outputWriter(root);
    writer.write(path.join(root, 'docs/ecosystem/packages/kept.mdx'), 'new');
    writer.write(path.join(root, 'generated/pages/rpc/a.json'), 'new');
    const removed = writer.prune().map((file) => path.relative(root, file).split(path.sep).join('/'));
    expect(removed.sort()).toEqual([
      'docs/ecosystem/packages/gone.mdx',
      'docs/ecosystem/packages/jellyfish-transaction/dropped.mdx',
      'docs/ecosystem/packages/releases/v9.mdx',
      'docs/node/releases/v9.mdx',
      'generated/old-model.json',
      'generated/pages/sdk/gone.json',
    ]);
    // Emptied folders go; hand-written files beside the outputs and a listed file a run did not write stay.
    expect(fs.existsSync(path.join(root, 'docs/ecosystem/packages/jellyfish-transaction'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'generated/pages/sdk'))).toBe(false);
    for (const file of [
      'docs/ecosystem/packages/kept.mdx',
      'generated/pages/rpc/a.json',
      'docs/ecosystem/package-reference.mdx',
      'docs/node/index.mdx',
      'static/ocean/openapi.json',
    ])
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });
});
