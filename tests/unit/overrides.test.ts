// The override layer (src/overrides): every override is in the manifest with its reason, gain and guard, and the
// version gate fails, naming the override, when an upstream file it replaces or depends on is not the one it was
// written against (a hash of the file at the pinned version) or its package has another version.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERNAL_IMPORTS, OVERRIDES, SHARED, manifestMarkdown, type Override } from '../../src/overrides/manifest';
import { overridesOff } from '../../src/overrides/switch';

const ROOT = path.resolve(__dirname, '../..');
const NODE_MODULES = path.join(ROOT, 'node_modules');
const FOLDER = path.join(ROOT, 'src/overrides');

/** What no longer matches what an override was written against, each line naming the override. */
function gate(overrides: readonly Override[], modules = NODE_MODULES): string[] {
  const problems: string[] = [];
  for (const override of overrides) {
    for (const pinned of override.upstream) {
      const at = pinned.lastIndexOf('@');
      const name = pinned.slice(0, at);
      const version = pinned.slice(at + 1);
      const manifest = path.join(modules, name, 'package.json');
      const installed = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version : 'absent';
      if (installed !== version) problems.push(`${override.name}: written against ${pinned}, installed ${installed}: re-check it (src/overrides/MANIFEST.md)`);
    }
    for (const { file, sha256 } of override.files) {
      const full = path.join(modules, file);
      const actual = fs.existsSync(full) ? createHash('sha256').update(fs.readFileSync(full)).digest('hex') : 'absent';
      if (actual !== sha256)
        problems.push(`${override.name}: ${file} is not the file it was written against (sha256 ${actual}): re-check it (src/overrides/MANIFEST.md)`);
    }
  }
  return problems;
}

describe('override layer', () => {
  it('lists every override of the folder in the manifest, and nothing else', () => {
    const entries = fs.readdirSync(FOLDER).filter((entry) => !SHARED.includes(entry));
    const inFolder = OVERRIDES.filter((override) => override.location === undefined);
    expect(entries.sort()).toEqual(inFolder.map((override) => override.name).sort());
    for (const { name, location, plugin } of OVERRIDES) {
      if (location !== undefined) expect(fs.existsSync(path.join(ROOT, location)), `${name}: ${location}`).toBe(true);
      if (plugin !== undefined) expect(fs.existsSync(path.join(ROOT, plugin)), `${name}: ${plugin}`).toBe(true);
    }
  });

  it('keeps MANIFEST.md as manifest.ts writes it (scripts/write-overrides-manifest.ts)', () => {
    expect(fs.readFileSync(path.join(FOLDER, 'MANIFEST.md'), 'utf8')).toBe(manifestMarkdown());
    const changed = OVERRIDES.map((override) => (override.name === 'plain-sort' ? { ...override, why: 'another reason entirely' } : override));
    expect(manifestMarkdown(changed)).not.toBe(manifestMarkdown());
  });

  it('names every file outside the layer that imports a framework internal, and that file does import one', () => {
    for (const { file, reason } of INTERNAL_IMPORTS) {
      expect(reason.length, file).toBeGreaterThan(20);
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), file).toMatch(
        /from '(@docusaurus\/[^']*\/(lib|internal)|@easyops-cn\/docusaurus-search-local\/dist)/,
      );
    }
  });

  it('says for each what it replaces, why, what it gains and how to see it, what guards it, and what would retire it', () => {
    for (const override of OVERRIDES) {
      for (const field of [override.replaces, override.why, override.gain, override.guard, override.retireWhen])
        expect(field.length, override.name).toBeGreaterThan(20);
      expect(override.gain, override.name).toMatch(/npm run bench/);
      for (const test of override.guard.match(/tests\/[\w/.-]+\.ts/g) ?? [])
        expect(fs.existsSync(path.join(ROOT, test)), `${override.name}: ${test}`).toBe(true);
      expect(override.upstream.length, override.name).toBeGreaterThan(0);
      expect(override.files.length, override.name).toBeGreaterThan(0);
    }
    const readme = fs.readFileSync(path.join(FOLDER, 'MANIFEST.md'), 'utf8');
    for (const override of OVERRIDES) expect(readme, override.name).toContain(`\`${override.name}\``);
  });

  it('passes the version gate: every upstream file and package is the one each override was written against', () => {
    expect(gate(OVERRIDES)).toEqual([]);
  });

  it('names the override when an upstream file changes or a package moves on', () => {
    const changed = OVERRIDES.map((override) =>
      override.name === 'plain-sort' ? { ...override, files: override.files.map((file) => ({ ...file, sha256: '0'.repeat(64) })) } : override,
    );
    expect(gate(changed).join('\n')).toMatch(
      /^plain-sort: @docusaurus\/plugin-content-docs\/lib\/client\/docsClientUtils\.js is not the file it was written against/m,
    );
    const moved = OVERRIDES.map((override) => (override.name === 'lazy-mark' ? { ...override, upstream: ['mark.js@9.0.0'] } : override));
    expect(gate(moved)).toEqual(['lazy-mark: written against mark.js@9.0.0, installed 8.11.1: re-check it (src/overrides/MANIFEST.md)']);
  });

  it('reads the NO_OVERRIDES switch', () => {
    expect(overridesOff({})).toBe(false);
    expect(overridesOff({ NO_OVERRIDES: '0' })).toBe(false);
    expect(overridesOff({ NO_OVERRIDES: '1' })).toBe(true);
  });
});
