// The development server follows edits of the generator and its example data (src/plugins/generate-on-change): it
// watches generator/ and, when Docusaurus reloads the plugin after a change, runs the generator again.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadContext } from '@docusaurus/types';
import generateOnChange from '../../src/plugins/generate-on-change';

const siteDir = path.resolve(__dirname, '../..');
const context = { siteDir } as LoadContext;

describe('generate-on-change', () => {
  it('watches the generator and its examples on the development server, and generates on every reload after the first', async () => {
    const runs: string[] = [];
    const plugin = generateOnChange(context, { development: true, run: (dir) => runs.push(dir) });
    const watched = plugin.getPathsToWatch?.() ?? [];
    expect(watched).toEqual([path.join(siteDir, 'generator/**/*.{ts,json}')]);
    await plugin.loadContent?.();
    expect(runs).toEqual([]);
    await plugin.loadContent?.();
    await plugin.loadContent?.();
    expect(runs).toEqual([siteDir, siteDir]);
  });

  it('does nothing in a production build, which has generated before it starts', async () => {
    const runs: string[] = [];
    const plugin = generateOnChange(context, { development: false, run: (dir) => runs.push(dir) });
    expect(plugin.getPathsToWatch?.()).toEqual([]);
    await plugin.loadContent?.();
    await plugin.loadContent?.();
    expect(runs).toEqual([]);
  });

  it('is one of the site plugins', async () => {
    const config = (await import('../../docusaurus.config')).default;
    expect(config.plugins).toContain('./src/plugins/generate-on-change/index.ts');
  });
});
