// Two Docusaurus modules sort a handful of plain keys (docs plugin paths, option names) with String#localeCompare
// while a page hydrates. The first localeCompare of a page builds the browser's collator for the locale, 13 to 20 ms
// of CPU (four times that on Lighthouse's phone) spent on every page load to order ASCII strings. This points the
// Docusaurus modules' imports of those two files at copies that order by code units (./docsClientUtils.ts,
// ./reactUtils.ts); the wrappers' own imports of the originals use other requests and are left alone.
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

interface Replacement {
  /** The request as the Docusaurus modules write it. */
  request: RegExp;
  /** Folder the importing modules sit in (or below). */
  within: string;
  replacement: string;
}

export function replacements(): Replacement[] {
  const docsClient = path.dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js'));
  const themeCommon = path.dirname(require.resolve('@docusaurus/theme-common'));
  return [
    { request: /^\.\/docsClientUtils(\.js)?$/, within: docsClient, replacement: path.resolve(__dirname, 'docsClientUtils.ts') },
    { request: /^(\.\.?\/)+(utils\/)?reactUtils(\.js)?$/, within: themeCommon, replacement: path.resolve(__dirname, 'reactUtils.ts') },
  ];
}

/** Whether `context` (the importing module's folder) is `folder` or inside it. */
export function inside(context: string, folder: string): boolean {
  const relative = path.relative(folder, context);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export default function plainSort(): Plugin {
  return {
    name: 'plain-sort',
    configureWebpack: (_config, _isServer, { currentBundler }) => ({
      plugins: replacements().map(
        ({ request, within, replacement }) =>
          new currentBundler.instance.NormalModuleReplacementPlugin(request, (data: { request: string; context: string }) => {
            if (inside(data.context, within)) data.request = replacement;
          }),
      ),
    }),
  };
}
