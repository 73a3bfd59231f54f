// Makes the two re-renders Docusaurus starts right after hydration React transitions, which React renders in slices
// of about 5 ms and interrupts for input. Docusaurus makes both from effects, where React gives an update the default
// priority and renders it in one task it cannot interrupt, on a phone four times slower than here:
// - the first window-size measurement (useWindowSize): every reader re-renders at once (navbar, phone menu, both
//   sidebars, the table of contents). theme-common's imports of the hook are pointed at ./windowSize.ts, which keeps
//   its contract ('ssr' until measured);
// - the browser context's switch to true (useIsBrowser): every reader re-renders (the navbar's items, the search bar,
//   the colour-mode toggle, code blocks, tabs, sidebar categories). Docusaurus's App and useIsBrowser are pointed at
//   ./browserContext.ts and ./useIsBrowser.ts: a component that mounts after hydration must see true at once, not
//   when the transition is done (the search page reads its query then), so the hook answers true for it;
// - the docs plugin's read of the reader's preferred docs versions from storage: upstream sets a new state object
//   even when nothing was stored, and every navbar item that links into the docs re-renders. The plugin's client
//   imports of that module are pointed at ./docsPreferredVersion.ts, which keeps an unchanged state and sets a
//   changed one as a transition.
import path from 'node:path';
import { moduleReplacementPlugin, type Replacement } from '../module-replacement';

export function replacements(): Replacement[] {
  const themeCommon = path.dirname(require.resolve('@docusaurus/theme-common'));
  const coreClient = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib', 'client');
  const nodeModules = path.resolve(coreClient, '../../../..');
  const docsClient = path.dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/docsPreferredVersion.js'));
  return [
    { request: /^(\.\.?\/)+hooks\/useWindowSize(\.js)?$/, within: themeCommon, replacement: path.resolve(__dirname, 'windowSize.ts') },
    // App.js ('./browserContext') and exports/useIsBrowser.js ('../browserContext').
    { request: /^\.\.?\/browserContext(\.js)?$/, within: coreClient, replacement: path.resolve(__dirname, 'browserContext.ts') },
    // The alias every reader imports, from the themes, plugins and Docusaurus itself (all in node_modules) and the site.
    { request: /^@docusaurus\/useIsBrowser$/, within: nodeModules, replacement: path.resolve(__dirname, 'useIsBrowser.ts') },
    { request: /^@docusaurus\/useIsBrowser$/, within: path.resolve(__dirname, '../..'), replacement: path.resolve(__dirname, 'useIsBrowser.ts') },
    // The client's index.js, docsUtils.js and docsSearch.js import './docsPreferredVersion'.
    { request: /^\.\/docsPreferredVersion(\.js)?$/, within: docsClient, replacement: path.resolve(__dirname, 'docsPreferredVersion.ts') },
  ];
}

export default function hydrationTransitions() {
  return moduleReplacementPlugin('hydration-transitions', replacements);
}
