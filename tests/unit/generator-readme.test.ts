// generator/README.md lists every module of generator/ in its Modules table: each .ts file is named in a row's first
// cell, by its path from generator/ (a `<placeholder>` stands for one path segment, for folders of example data), and
// every name there is a file that exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const GENERATOR = path.resolve(__dirname, '../../generator');

/** The names in the first cell of each row of the README's Modules table. */
function moduleTableNames(readme: string): string[] {
  const table = readme.split(/^## Modules$/m)[1]?.split(/^## /m)[0] ?? '';
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''));
}

/** The files the names leave out: a name is a path from generator/, `<...>` standing for one segment. */
function unnamedFiles(files: readonly string[], names: readonly string[]): string[] {
  const patterns = names.map(
    (name) =>
      new RegExp(
        `^${name
          .split(/<[^>]+>/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
  );
  return files.filter((file) => !patterns.some((pattern) => pattern.test(file)));
}

function typescriptFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts'))
    .sort();
}

describe('generator/README.md', () => {
  const names = moduleTableNames(fs.readFileSync(path.join(GENERATOR, 'README.md'), 'utf8'));
  const files = typescriptFiles(GENERATOR);

  it('names every .ts file of generator/ in its Modules table', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(unnamedFiles(files, names)).toEqual([]);
  });

  it('names no module that does not exist', () => {
    expect(names.filter((name) => !name.includes('<') && !fs.existsSync(path.join(GENERATOR, name)))).toEqual([]);
  });

  it('finds a module left out, and matches a placeholder to one segment only', () => {
    expect(
      unnamedFiles(['cli.ts', 'outputs.ts', 'examples/builder/dex/poolSwap.ts', 'examples/builder/a/b/c.ts'], ['cli.ts', 'examples/builder/<group>/<call>.ts']),
    ).toEqual(['outputs.ts', 'examples/builder/a/b/c.ts']);
  });
});
