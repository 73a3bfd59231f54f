// Writes brotli (.br) and gzip (.gz) twins of the build's text files, so the server never compresses per request. Run by
// the site-output plugin's postBuild (src/plugins/site-output) as the last step of `docusaurus build`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.md', '.map', '.ico', '.webmanifest', '.yaml']);
/** Below this size the headers cost more than compression saves. */
const MIN_BYTES = 1024;
/**
 * Above this size brotli's top quality costs more build time than it saves bytes: on the 2.4 MB search index,
 * quality 11 takes 13 s for 6% less than quality 10 in 6 s. Pages, scripts and styles stay under it.
 */
const LARGE_BYTES = 1024 * 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Compresses every eligible file of `root` (those `only` accepts, when given: the bench's script-free copy of a build
 * compresses only the pages it rewrote); a twin is kept only when it is smaller than the original.
 */
export async function precompress(root: string, only?: (file: string) => boolean): Promise<PrecompressSummary> {
  const files = (await listFiles(root)).filter(
    (file) => COMPRESSIBLE.has(path.extname(file).toLowerCase()) && !file.endsWith('.br') && !file.endsWith('.gz') && (only === undefined || only(file)),
  );
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  // zlib's asynchronous calls run on libuv's thread pool; a few at a time keep every core busy.
  // Largest first, so that one big file does not run alone at the end.
  const sizes = new Map(await Promise.all(files.map(async (file) => [file, (await fs.stat(file)).size] as const)));
  const queue = [...files].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const source = await fs.readFile(file);
      if (source.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: source.length > LARGE_BYTES ? 10 : zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      summary.files += 1;
      summary.bytes += source.length;
      if (br.length < source.length) {
        await fs.writeFile(`${file}.br`, br);
        summary.brotliBytes += br.length;
      }
      if (gz.length < source.length) {
        await fs.writeFile(`${file}.gz`, gz);
        summary.gzipBytes += gz.length;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return summary;
}
