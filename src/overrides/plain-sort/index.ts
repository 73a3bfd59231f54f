// Two Docusaurus modules sort a handful of plain keys (docs plugin paths, option names) with String#localeCompare
// while a page hydrates. The first localeCompare of a page builds the browser's collator for the locale, 13 to 20 ms
// of CPU (four times that on Lighthouse's phone) spent on every page load to order ASCII strings. This points the
// Docusaurus modules' imports of those two files at copies that order by code units (./docsClientUtils.ts,
// ./reactUtils.ts); the wrappers' own imports of the originals use other requests and are left alone.
import path from 'node:path';
import { moduleReplacementPlugin, type Replacement } from '../module-replacement';

export function replacements(): Replacement[] {
  const docsClient = path.dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js'));
  const themeCommon = path.dirname(require.resolve('@docusaurus/theme-common'));
  return [
    { request: /^\.\/docsClientUtils(\.js)?$/, within: docsClient, replacement: path.resolve(__dirname, 'docsClientUtils.ts') },
    { request: /^(\.\.?\/)+(utils\/)?reactUtils(\.js)?$/, within: themeCommon, replacement: path.resolve(__dirname, 'reactUtils.ts') },
  ];
}

export default function plainSort() {
  return moduleReplacementPlugin('plain-sort', replacements);
}
