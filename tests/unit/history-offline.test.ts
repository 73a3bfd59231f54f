// `npm run generate` works offline from the committed history: no module generator/cli.ts reaches, through
// its own imports, is the one that asks the npm registry (generator/extract/history/registry.ts, for `npm run history`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const REGISTRY = path.join(ROOT, 'generator/extract/history/registry.ts');

/** Every module of ours a file reaches through relative imports (`import … from './x'`, `export … from '../y'`). */
function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), match[1] ?? '');
      const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
      if (found !== undefined) queue.push(found);
    }
  }
  return seen;
}

describe('npm run generate reads the committed history offline', () => {
  it('reaches the history reader, not the registry client', () => {
    const modules = reached(path.join(ROOT, 'generator/cli.ts'));
    expect(modules.size).toBeGreaterThan(30);
    expect(modules.has(path.join(ROOT, 'generator/extract/history/attach.ts'))).toBe(true);
    expect(modules.has(REGISTRY), 'generate imports the npm registry client').toBe(false);
  });

  it('the registry client is what npm run history uses', () => {
    expect(reached(path.join(ROOT, 'scripts/history.ts')).has(REGISTRY)).toBe(true);
  });
});
