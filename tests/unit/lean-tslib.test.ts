// src/overrides/lean-tslib: the module that stands in for tslib in @docusaurus/utils-common exports every helper those
// modules call, and each behaves as tslib's own.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import * as lean from '../../src/overrides/lean-tslib/tslib';
import { replacement, UTILS_COMMON_LIB } from '../../src/overrides/lean-tslib';

/** tslib as utils-common resolves it (a dependency of Docusaurus's, not of the site's). */
const tslib = createRequire(require.resolve('@docusaurus/utils-common/package.json'))('tslib') as { __importDefault: (mod: unknown) => unknown };

/** The tslib helpers the compiled modules of a folder call (`tslib_1.__importDefault(...)`). */
function helpersCalled(folder: string): string[] {
  const names = new Set<string>();
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'))) {
    for (const match of fs.readFileSync(path.join(folder, file), 'utf8').matchAll(/\btslib_\d+\.(__\w+)/g)) names.add(match[1] ?? '');
  }
  return [...names].sort();
}

/** The helpers among `called` that the stand-in lacks. */
function missing(called: readonly string[], module: Readonly<Record<string, unknown>>): string[] {
  return called.filter((name) => typeof module[name] !== 'function');
}

describe('lean-tslib', () => {
  it("exports every helper utils-common's modules call", () => {
    const called = helpersCalled(UTILS_COMMON_LIB);
    expect(called).toContain('__importDefault');
    expect(missing(called, lean)).toEqual([]);
  });

  it('goes red on a module that calls a helper the stand-in lacks', () => {
    expect(missing(['__importDefault', '__awaiter'], lean)).toEqual(['__awaiter']);
  });

  it("answers as tslib's __importDefault", () => {
    const esModule = { __esModule: true, default: 1 };
    const fn = Object.assign(() => 2, { __esModule: true });
    for (const value of [esModule, fn, { a: 1 }, () => 3, 'text', 0, '', null, undefined])
      expect(lean.__importDefault(value)).toStrictEqual(tslib.__importDefault(value));
  });

  it("replaces the request of utils-common's modules only", () => {
    const { request, within } = replacement();
    expect(request.test('tslib')).toBe(true);
    expect(request.test('tslib/modules/index.js')).toBe(false);
    expect(within).toBe(path.dirname(require.resolve('@docusaurus/utils-common/lib/index.js')));
  });
});
