// Shared by the plugins that point some of Docusaurus's (or a plugin's) own imports at modules of ours, with Rspack's
// NormalModuleReplacementPlugin: each names the request, the folder whose modules make it, and the file to use. It is
// the one place in the layer that builds that Rspack plugin (tests/unit/overrides.test.ts holds it).
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export interface Replacement {
  /** The request as the importing modules write it. */
  request: RegExp;
  /** Folder the importing modules sit in (or below): the same request from anywhere else goes through. */
  within: string;
  /** Absolute path of the module to use instead. */
  replacement: string;
}

/** Whether `context` (the importing module's folder) is `folder` or inside it. */
export function inside(context: string, folder: string): boolean {
  const relative = path.relative(folder, context);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * A Docusaurus plugin named `name` that applies `replacements` to the client and server bundles, with `alias` (module
 * names the replacement modules import, mapped to files) added to the bundler's resolve aliases.
 */
export function moduleReplacementPlugin(name: string, replacements: () => Replacement[], alias: Record<string, string> = {}): Plugin {
  return {
    name,
    configureWebpack: (_config, _isServer, { currentBundler }) => ({
      ...(Object.keys(alias).length === 0 ? {} : { resolve: { alias } }),
      plugins: replacements().map(
        ({ request, within, replacement }) =>
          new currentBundler.instance.NormalModuleReplacementPlugin(request, (data: { request: string; context: string }) => {
            if (inside(data.context, within)) data.request = replacement;
          }),
      ),
    }),
  };
}
