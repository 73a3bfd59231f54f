// Keeps the development server's reference pages in step with the generator: `npm start` generates once, then
// Docusaurus watches generator/ (its code and generator/examples) through this plugin and, on a change, reloads it;
// loadContent then runs `npm run generate` again in a child process (so the generator's code is read afresh), whose
// pages and section data the docs plugin and the bundler pick up as they do any edited page. A production build
// (`npm run build` generates first) does nothing here.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** Runs the generator in `siteDir`; throws when it fails, which the development server shows. */
export type GenerateRunner = (siteDir: string) => void;

const runGenerator: GenerateRunner = (siteDir) => {
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(siteDir, 'generator/cli.ts')], { cwd: siteDir, stdio: 'inherit' });
};

export interface GenerateOnChangeOptions {
  /** Whether this is the development server (`docusaurus start` sets NODE_ENV to development). */
  development?: boolean;
  run?: GenerateRunner;
}

export default function generateOnChange(context: LoadContext, options: GenerateOnChangeOptions = {}): Plugin {
  const development = options.development ?? process.env.NODE_ENV === 'development';
  const run = options.run ?? runGenerator;
  // `npm start` has just generated: the first load of the plugin has nothing to do.
  let loaded = false;
  return {
    name: 'generate-on-change',
    getPathsToWatch: () => (development ? [path.join(context.siteDir, 'generator/**/*.{ts,json}')] : []),
    loadContent() {
      if (development && loaded) run(context.siteDir);
      loaded = true;
      return Promise.resolve();
    },
  };
}
