// Starts the bundles every page runs on load (runtime~main.js, main.js, and react.js and theme.js of ../staged-start) with
// V8's explicit compile hint, so that Chromium compiles their functions eagerly while the file is streamed in, on a background thread, instead of one by
// one on the main thread as each is first called while the bundle runs. Other browsers read it as a comment. Added
// after minification (which drops comments) and before the content hash is computed, so a file's name still follows
// its bytes.
import type { Plugin } from '@docusaurus/types';

/** V8's magic comment: every function of the script is called while it loads. It must open the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export default function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const { BannerPlugin, Compilation } = utils.currentBundler.instance;
      return {
        plugins: [
          new BannerPlugin({
            banner: COMPILE_HINT,
            raw: true,
            entryOnly: true,
            test: /\.js$/,
            stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          }),
        ],
      };
    },
  };
}
