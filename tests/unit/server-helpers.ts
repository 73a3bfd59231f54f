// Shared by the server tests: a small build folder of our own and a client that sends request targets verbatim.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const PAGE_TEXT = {
  home: 'Home of the test build',
  guide: 'A guide page of the test build',
  notFound: 'Nothing lives at this address',
} as const;

function page(title: string, body: string): string {
  // Long enough to be worth compressing, like real pages.
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${body}</h1><p>${'Filler text for size. '.repeat(80)}</p></main></body></html>`;
}

/** Writes a miniature Docusaurus-shaped build: pages as folder/index.html, hashed assets, a 404 page. */
export function makeBuildFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
  const write = (relative: string, content: string | Buffer): void => {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  write('index.html', page('Home', PAGE_TEXT.home));
  write('guide/index.html', page('Guide', PAGE_TEXT.guide));
  write('404.html', page('Page Not Found', PAGE_TEXT.notFound));
  write('assets/js/main.0123abcd.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  write('img/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('guide.md', '# A guide page … in Markdown\n');
  write('llms.txt', '# Test build — pages for language models\n');
  // A secret next to the build folder, the target of traversal attempts.
  fs.writeFileSync(path.join(path.dirname(root), `${path.basename(root)}-secret.txt`), 'TOP SECRET');
  return root;
}

/** Adds brotli and gzip twins the way src/plugins/site-output/precompress.ts does, with markers to tell them apart. */
export function addCompressedTwins(root: string, relative: string): void {
  const source = fs.readFileSync(path.join(root, relative));
  fs.writeFileSync(path.join(root, `${relative}.br`), zlib.brotliCompressSync(source));
  fs.writeFileSync(path.join(root, `${relative}.gz`), zlib.gzipSync(source));
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Sends `target` exactly as given (no URL normalisation, unlike fetch) and collects the raw, undecoded body. */
export function request(baseUrl: string, target: string, options: { method?: string; headers?: http.OutgoingHttpHeaders } = {}): Promise<RawResponse> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method: options.method ?? 'GET', path: target, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export function decodeBody(response: RawResponse): string {
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(response.body).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(response.body).toString('utf8');
    default:
      return response.body.toString('utf8');
  }
}
