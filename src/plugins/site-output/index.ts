// The last steps of `docusaurus build`, in Docusaurus's postBuild lifecycle so that the build alone produces the site
// that is served: each page's route chunks named in its HTML (an override, src/overrides/after-paint), the security
// headers with the hashes of the pages' inline scripts (build/_headers), and brotli and gzip twins of every text file.
// The twins wait for the other plugins' postBuild steps (src/overrides/postbuild-order/index.ts), whose files they include.
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { addRouteScripts } from '../../overrides/after-paint/route-scripts';
import { overrideOn } from '../../overrides/manifest';
import { HEADERS_FILE, writeHeadersFile } from '../../../server/security-headers';
import { precompress } from './precompress';
import { trackedPostBuildsDone } from '../../overrides/postbuild-order/index';

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;

export default function siteOutputPlugin(context: LoadContext): Plugin {
  return {
    name: 'site-output',
    async postBuild({ outDir, routesPaths }) {
      if (!overrideOn('after-paint')) console.log('site-output: route chunks not preloaded (NO_OVERRIDES): pages keep the scripts Docusaurus wrote');
      else {
        const routes = addRouteScripts(outDir, context.generatedFilesDir, routesPaths);
        console.log(`site-output: preloaded ${routes.scripts} route chunks in ${routes.pages} pages`);
      }
      // The Markdown twins and the search index are written by other plugins' postBuild steps, at the same time.
      await trackedPostBuildsDone();
      const rules = writeHeadersFile(outDir);
      const hashes = (rules[0]?.headers['Content-Security-Policy'] ?? '').match(/'sha256-/g)?.length ?? 0;
      console.log(`site-output: wrote ${path.relative(context.siteDir, path.join(outDir, HEADERS_FILE))} (${hashes} inline script hashes)`);
      const started = Date.now();
      const twins = await precompress(outDir);
      console.log(
        `site-output: ${twins.files} files, ${kib(twins.bytes)} → brotli ${kib(twins.brotliBytes)}, gzip ${kib(twins.gzipBytes)} in ${Date.now() - started} ms`,
      );
    },
  };
}
