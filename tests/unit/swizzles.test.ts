// Every swizzle in src/theme opens with one line in the same form, saying how it swizzles which component and what it
// changes from upstream: `// Swizzle wrap|eject|replace of @theme/<Component>: <change>`. An ejected copy of upstream
// code is an override, listed in src/overrides/manifest.ts with the file as its location (and so under the version gate).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OVERRIDES } from '../../src/overrides/manifest';

const THEME = path.resolve(__dirname, '../../src/theme');
const HEADER = /^\/\/ Swizzle (wrap|eject|replace) of @theme\/([\w/-]+)( \([^)]*\))?: \S.{20,}/;

/** The component a file of src/theme stands for: `X/index.tsx` is X, a file beside the folders is its own name. */
function swizzles(dir = THEME): { file: string; component: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return swizzles(full);
    const relative = path.relative(THEME, full).split(path.sep).join('/');
    if (/^(.+)\/index\.tsx?$/.test(relative)) return [{ file: full, component: relative.replace(/\/index\.tsx?$/, '') }];
    if (!relative.includes('/') && /\.tsx?$/.test(relative)) return [{ file: full, component: relative.replace(/\.tsx?$/, '') }];
    return [];
  });
}

/** What is wrong with a swizzle's first line, or null. */
function headerProblem(component: string, firstLine: string, file: string): string | null {
  const match = HEADER.exec(firstLine);
  if (!match) return `${component}: the first line is not "// Swizzle wrap|eject|replace of @theme/${component}: <what it changes>"`;
  if (match[2] !== component) return `${component}: the first line names @theme/${match[2]}`;
  if (match[1] === 'eject') {
    const location = path.relative(path.resolve(THEME, '../..'), file).split(path.sep).join('/');
    if (!OVERRIDES.some((override) => override.location === location)) return `${component}: an ejected copy without an override entry for ${location}`;
  }
  return null;
}

describe('swizzles', () => {
  it('each opens with the one-line form, naming its component and what it changes; an ejected copy is an override', () => {
    const all = swizzles();
    expect(all.length).toBeGreaterThan(20);
    const problems = all.map(({ file, component }) => headerProblem(component, fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', file)).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('goes red on a line in another form, on the wrong component, and on an ejected copy the manifest does not list', () => {
    const tabs = path.join(THEME, 'Tabs/index.tsx');
    expect(headerProblem('Tabs', '// Ejected from @docusaurus/theme-classic for one change: no remount', tabs)).toMatch(/not "\/\/ Swizzle/);
    expect(headerProblem('Tabs', '// Swizzle wrap of @theme/Layout: something changed here for a reason', tabs)).toMatch(/names @theme\/Layout/);
    expect(headerProblem('Layout', '// Swizzle eject of @theme/Layout: a copy of the layout with one change', path.join(THEME, 'Layout/index.tsx'))).toMatch(
      /without an override entry/,
    );
  });
});
