// Replaces Docusaurus's client entry (the module main.js starts from) by ./entry.ts, which does the same work in
// stages, each in a task of its own: see entry.ts. Docusaurus names its entry in the client bundler config it builds
// (@docusaurus/core/lib/webpack/client.js); a plugin's configureWebpack result is merged over that config, and a
// string merged over a string replaces it. Only the production build: the development server keeps Docusaurus's
// entry, which also accepts hot updates.
//
// React (react, react-dom, scheduler) and the theme (theme-classic, theme-common, the docs plugin's client, the search
// bar) go into initial chunks of their own, react.js and theme.js, run before main.js. With the compile hint
// (../compile-hints) V8 compiles a bundle on a background thread, but finishes the compilation on the main thread in
// the task that runs the script, in proportion to the code: main.js's 430 KB took 20-25 ms of CPU there; as two files
// it was two tasks of 9-14 ms, as three none over 10 ms.
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export const STAGED_ENTRY = path.resolve(__dirname, 'entry.ts');

export default function stagedStart(): Plugin {
  return {
    name: 'staged-start',
    configureWebpack: (config, isServer) =>
      isServer || config.mode !== 'production'
        ? {}
        : {
            entry: STAGED_ENTRY,
            optimization: {
              splitChunks: {
                cacheGroups: {
                  // Above Docusaurus's `common` group (priority 40), which would otherwise take part of them, and below its
                  // `styles` group (50), which keeps every stylesheet in one file.
                  theme: {
                    test: /[\\/]node_modules[\\/](@docusaurus[\\/](theme-classic|theme-common|plugin-content-docs)|@easyops-cn)[\\/]/,
                    name: 'theme',
                    chunks: 'initial',
                    enforce: true,
                    priority: 45,
                  },
                  react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'initial', enforce: true, priority: 46 },
                },
              },
            },
          },
  };
}
