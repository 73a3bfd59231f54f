// The site-output plugin finishes the build after the other plugins' postBuild steps (src/overrides/postbuild-order/index.ts):
// Docusaurus starts every plugin's postBuild in one pass and waits for all of them.
import { describe, expect, it } from 'vitest';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { tracked, trackedModule, trackedPostBuildsDone } from '../../src/overrides/postbuild-order/index';

type PostBuildProps = Parameters<NonNullable<Plugin['postBuild']>>[0];

/** A plugin whose postBuild takes `ms` and then records its name. */
function slowPlugin(name: string, ms: number, log: string[]): Plugin {
  return {
    name,
    async postBuild() {
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(name);
    },
  };
}

/** Runs the postBuild steps as Docusaurus does: all started in one pass, then awaited together. */
async function runPostBuilds(plugins: Plugin[]): Promise<void> {
  await Promise.all(plugins.map(async (plugin) => plugin.postBuild?.({} as PostBuildProps)));
}

describe('tracked postBuild steps', () => {
  it('lets the last step wait for the tracked ones, wherever it stands in the list', async () => {
    const log: string[] = [];
    const last: Plugin = {
      name: 'site-output',
      async postBuild() {
        await trackedPostBuildsDone();
        log.push('site-output');
      },
    };
    await runPostBuilds([last, tracked(slowPlugin('llms', 30, log)), tracked(slowPlugin('search', 10, log))]);
    expect(log).toEqual(['search', 'llms', 'site-output']);
  });

  it('does not wait for an untracked step (which is why every plugin that writes files is tracked)', async () => {
    const log: string[] = [];
    const last: Plugin = {
      name: 'site-output',
      async postBuild() {
        await trackedPostBuildsDone();
        log.push('site-output');
      },
    };
    await runPostBuilds([last, slowPlugin('untracked', 30, log)]);
    expect(log).toEqual(['site-output', 'untracked']);
  });

  it("passes a tracked step's failure on to the step that waits", async () => {
    const failing = tracked({ name: 'broken', postBuild: () => Promise.reject(new Error('disk full')) });
    const waiting = trackedPostBuildsDone();
    await expect(Promise.all([failing.postBuild?.({} as PostBuildProps), waiting])).rejects.toThrow('disk full');
  });

  it("wraps a package's plugin function and keeps the option validation where Docusaurus looks for it", async () => {
    const initializer = ((context: LoadContext) => ({ name: `from ${context.siteDir}` })) as PluginModule;
    const validateOptions = (({ options }: { options: unknown }) => options) as PluginModule['validateOptions'];
    const wrapped = trackedModule({ default: initializer, validateOptions });
    expect(wrapped.validateOptions).toBe(validateOptions);
    expect(await wrapped({ siteDir: '/site' } as LoadContext, {})).toEqual({ name: 'from /site' });
    const own = Object.assign(((context: LoadContext) => ({ name: context.siteDir })) as PluginModule, { validateOptions });
    expect(trackedModule(own).validateOptions).toBe(validateOptions);
  });
});
