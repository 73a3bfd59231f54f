// Writes brotli (.br) and gzip (.gz) twins of the build's text files, so the server never compresses per request.
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

/** Compresses every eligible file of `root`; a twin is kept only when it is smaller than the original. */
export async function precompress(root: string): Promise<PrecompressSummary> {
  const files = (await listFiles(root)).filter(
    (file) => COMPRESSIBLE.has(path.extname(file).toLowerCase()) && !file.endsWith('.br') && !file.endsWith('.gz'),
  );
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  // zlib's asynchronous calls run on libuv's thread pool; a few at a time keep every core busy.
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const source = await fs.readFile(file);
      if (source.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
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

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? 'build');
  const started = Date.now();
  precompress(root)
    .then((summary) => {
      const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;
      console.log(
        `precompress: ${summary.files} files, ${kib(summary.bytes)} → brotli ${kib(summary.brotliBytes)}, gzip ${kib(summary.gzipBytes)} in ${Date.now() - started} ms`,
      );
    })
    .catch((error: unknown) => {
      console.error('precompress failed:', error);
      process.exit(1);
    });
}
