// The override layer (src/overrides): every override is in the manifest with its reason, gain and guard, and the
// version gate fails, naming the override, when an upstream file it replaces or depends on is not the one it was
// written against (a hash of the file at the pinned version) or its package has another version.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  INTERNAL_IMPORTS,
  MODULE_REPLACEMENT_USERS,
  OVERRIDES,
  SHARED,
  manifestMarkdown,
  overrideClientModules,
  overrideOn,
  overridePlugins,
  overrideSiteConfig,
  type Override,
} from '../../src/overrides/manifest';
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
    for (const { name, location, plugin, clientModule } of OVERRIDES) {
      if (location !== undefined) expect(fs.existsSync(path.join(ROOT, location)), `${name}: ${location}`).toBe(true);
      if (plugin !== undefined) expect(fs.existsSync(path.join(ROOT, plugin)), `${name}: ${plugin}`).toBe(true);
      if (clientModule !== undefined) expect(fs.existsSync(path.join(ROOT, clientModule)), `${name}: ${clientModule}`).toBe(true);
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

  it('installs every override that is not always on through the manifest, and leaves all of those out when switched off', () => {
    for (const override of OVERRIDES) {
      const ways = [override.plugin, override.clientModule, override.siteConfig].filter((way) => way !== undefined);
      expect(ways.length, override.name).toBe(override.alwaysOn === undefined ? 1 : 0);
      expect(overrideOn(override.name, false), override.name).toBe(true);
      expect(overrideOn(override.name, true), override.name).toBe(override.alwaysOn !== undefined);
    }
    expect(() => overrideOn('no-such-override', false)).toThrow(/not an override/);
    expect(overridePlugins(false)).toContain('./src/overrides/staged-start/index.ts');
    expect(overrideClientModules(false)).toEqual(['./src/overrides/prefetch-when-idle/index.ts']);
    expect(overrideSiteConfig(false)).toEqual({ ssrTemplate: expect.stringContaining('data-run'), baseUrlIssueBanner: false });
    expect([overridePlugins(true), overrideClientModules(true), overrideSiteConfig(true)]).toEqual([[], [], {}]);
  });

  it('is switched only through the manifest: outside src/overrides, only docusaurus.config.ts reads switch.ts', () => {
    const readers = (dir: string): string[] =>
      fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).flatMap((file) => {
        const full = path.join(ROOT, dir, file);
        if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts') || full.startsWith(FOLDER + path.sep)) return [];
        return /from '[./]*\/?(src\/)?overrides\/switch'/.test(fs.readFileSync(full, 'utf8')) ? [path.relative(ROOT, full)] : [];
      });
    const config = fs.readFileSync(path.join(ROOT, 'docusaurus.config.ts'), 'utf8');
    expect(config).toMatch(/from '\.\/src\/overrides\/switch'/);
    expect([...readers('src'), ...readers('server'), ...readers('bench')]).toEqual([]);
    // The config reads the switch once, for the lists of the manifest and its own cache setting.
    expect(config.match(/overridesOff\(\)/g)).toHaveLength(1);
  });

  it('builds Rspack module replacements in module-replacement.ts alone, for the overrides the manifest says share it', () => {
    const users = fs
      .readdirSync(FOLDER, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .filter((entry) =>
        fs
          .readdirSync(path.join(FOLDER, entry.name), { recursive: true, encoding: 'utf8' })
          .some((file) => /from '\.\.\/module-replacement'/.test(fs.readFileSync(path.join(FOLDER, entry.name, file), 'utf8'))),
      )
      .map((entry) => entry.name);
    expect(users.sort()).toEqual([...MODULE_REPLACEMENT_USERS].sort());
    const builders = fs
      .readdirSync(FOLDER, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && fs.readFileSync(path.join(FOLDER, file), 'utf8').includes('NormalModuleReplacementPlugin('));
    expect(builders).toEqual(['module-replacement.ts']);
    expect(manifestMarkdown()).toContain(`(${MODULE_REPLACEMENT_USERS.map((name) => `\`${name}\``).join(', ')})`);
  });
});
