// Makes the two state changes every page makes right after hydration, "now in a browser" (useIsBrowser) and the
// window's size class (useWindowSize), React transitions. Docusaurus sets both from effects, where React gives them
// the default priority and renders them in one task it cannot interrupt: every reader of either re-renders at once
// (code block buttons, navbar, sidebars, table of contents), 10-15 ms on Account here and four times that on a slow
// phone. As transitions React renders them in slices of about 5 ms, yielding to input between them. The modules
// Docusaurus imports are pointed at ./browserContext.ts and ./windowSize.ts, which keep their contracts.
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { inside } from '../plain-sort';

interface Replacement {
  request: RegExp;
  within: string;
  replacement: string;
}

export function replacements(): Replacement[] {
  const coreClient = path.dirname(require.resolve('@docusaurus/core/lib/client/browserContext.js'));
  const themeCommon = path.dirname(require.resolve('@docusaurus/theme-common'));
  return [
    { request: /^(\.\.\/)*\.?\/?browserContext(\.js)?$/, within: coreClient, replacement: path.resolve(__dirname, 'browserContext.ts') },
    { request: /^(\.\.?\/)+hooks\/useWindowSize(\.js)?$/, within: themeCommon, replacement: path.resolve(__dirname, 'windowSize.ts') },
  ];
}

export default function hydrationTransitions(): Plugin {
  return {
    name: 'hydration-transitions',
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
