// The production server against a small build folder of its own: statuses, headers, redirects, caching, refusals.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server';
import { PAGE_TEXT, addCompressedTwins, decodeBody, makeBuildFolder, request } from './server-helpers';

let root: string;
let running: RunningServer;
const get = (target: string, headers: Record<string, string> = {}) => request(running.url, target, { headers });

beforeAll(async () => {
  root = makeBuildFolder();
  addCompressedTwins(root, 'index.html');
  addCompressedTwins(root, '404.html');
  addCompressedTwins(root, 'assets/js/main.0123abcd.js');
  running = await startServer({ root, port: 0 });
});

afterAll(async () => {
  await running.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(`${root}-secret.txt`, { force: true });
});

describe('pages', () => {
  it('serves the home page and folder pages with and without the trailing slash', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html;charset=utf-8');
    expect(decodeBody(home)).toContain(PAGE_TEXT.home);
    for (const target of ['/guide/', '/guide']) {
      const guide = await get(target);
      expect(guide.status, target).toBe(200);
      expect(decodeBody(guide)).toContain(PAGE_TEXT.guide);
    }
  });

  it('answers an unknown path with status 404 and the not-found page', async () => {
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decodeBody(missing)).toContain(PAGE_TEXT.notFound);
  });

  it.each(['/404.html', '/404', '/404/'])('never serves the not-found page itself with status 200 (%s)', async (target) => {
    const direct = await get(target);
    expect(direct.status).toBe(404);
    expect(decodeBody(direct)).toContain(PAGE_TEXT.notFound);
  });

  it('sends the compressed not-found page when the client accepts it', async () => {
    const missing = await get('/missing', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(decodeBody(missing)).toContain(PAGE_TEXT.notFound);
  });
});

describe('text files', () => {
  it.each([
    ['/guide.md', 'text/markdown; charset=utf-8', 'A guide page … in Markdown'],
    ['/llms.txt', 'text/plain; charset=utf-8', 'Test build — pages for language models'],
  ])('serves %s as UTF-8 (%s)', async (target, type, text) => {
    const file = await get(target);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(type);
    expect(decodeBody(file)).toContain(text);
  });
});

describe('redirects to the clean path', () => {
  it.each([
    ['/guide/index.html', '/guide/'],
    ['/guide.html', '/guide'],
    ['/index.html', '/'],
    ['/guide/index.html?tab=yarn&x=1', '/guide/?tab=yarn&x=1'],
    ['/guide.html?q=%20a', '/guide?q=%20a'],
  ])('%s → 301 %s', async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(to);
  });

  it('never redirects to another host', async () => {
    const response = await get('//evil.example/x.html');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/evil.example/x');
  });
});

describe('compression', () => {
  it('prefers brotli, then gzip, then the plain file', async () => {
    const br = await get('/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decodeBody(br)).toContain(PAGE_TEXT.home);

    const gzip = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decodeBody(gzip)).toContain(PAGE_TEXT.home);

    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain(PAGE_TEXT.home);
    for (const response of [br, gzip, plain]) expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('honours q=0 (an encoding the client refuses)', async () => {
    const response = await get('/assets/js/main.0123abcd.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    const none = await get('/assets/js/main.0123abcd.js', { 'Accept-Encoding': 'gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the content type of the original file for a compressed twin', async () => {
    const response = await get('/assets/js/main.0123abcd.js', { 'Accept-Encoding': 'br' });
    expect(response.headers['content-type']).toBe('text/javascript');
  });
});

describe('caching', () => {
  it('marks hashed assets immutable for a year and asks for revalidation of pages', async () => {
    const asset = await get('/assets/js/main.0123abcd.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/guide/');
    expect(page.headers['cache-control']).toBe('no-cache');
    const image = await get('/img/logo.svg');
    expect(image.headers['cache-control']).toBe('no-cache');
  });

  it('answers a matching If-None-Match with 304 and no body, and a stale one with 200', async () => {
    const first = await get('/guide/');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    const second = await get('/guide/', { 'If-None-Match': etag ?? '' });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.etag).toBe(etag);
    expect(second.headers.vary).toBe('Accept-Encoding');
    const stale = await get('/guide/', { 'If-None-Match': 'W/"0-0"' });
    expect(stale.status).toBe(200);
  });

  it('never marks a missing asset immutable (a cached 404 would outlive the next deploy)', async () => {
    const missing = await get('/assets/js/main.ffffffff.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  it('gives each encoding its own ETag', async () => {
    const br = await get('/', { 'Accept-Encoding': 'br' });
    const plain = await get('/');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });
});

describe('HEAD', () => {
  it('sends the headers of GET without a body', async () => {
    const head = await request(running.url, '/guide/', { method: 'HEAD' });
    const getResponse = await get('/guide/');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(getResponse.headers['content-length']);
    expect(head.headers.etag).toBe(getResponse.headers.etag);
  });

  it('answers HEAD on an unknown path with 404 and no body', async () => {
    const head = await request(running.url, '/missing', { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });
});

describe('bad requests', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'])('%s → 405 with Allow', async (method) => {
    const response = await request(running.url, '/', { method });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it.each(['/%', '/%E0%A4%A', '/guide/%zz', '/%C0%AF'])('malformed percent-encoding %s → 400', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(400);
    expect(response.body.toString('utf8')).toMatch(/^400 Bad Request: /);
  });

  it.each([
    '/../',
    '/../package.json',
    '/guide/../../x',
    '/%2e%2e/',
    '/%2E%2E/%2e%2e/etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
    '/..%5c..%5cetc',
    '/guide\\..\\..\\x',
    '/%00',
    '/index.html%00.js',
    '/./guide/',
  ])('%s → 400, never a file from outside the build', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(400);
    const body = response.body.toString('utf8');
    expect(body).not.toContain('TOP SECRET');
    expect(body).not.toMatch(/ at .+:\d+:\d+/); // no stack trace
  });

  it('does not reach a sibling of the build folder through its name', async () => {
    const sibling = `/../${path.basename(root)}-secret.txt`;
    expect((await get(sibling)).status).toBe(400);
    expect((await get(`/${path.basename(root)}-secret.txt`)).status).toBe(404);
  });

  it('answers overlong paths and query strings with 414', async () => {
    expect((await get(`/${'a'.repeat(5000)}`)).status).toBe(414);
    expect((await get(`/?q=${'b'.repeat(5000)}`)).status).toBe(414);
  });

  it('ignores a malformed or reversed Range instead of failing', async () => {
    for (const range of ['bytes=9-2', 'bytes=abc', 'bytes=0-1,4-5', 'lines=1-2']) {
      const response = await get('/guide/', { Range: range });
      expect(response.status, range).toBe(200);
      expect(decodeBody(response)).toContain(PAGE_TEXT.guide);
    }
    const partial = await get('/guide/', { Range: 'bytes=0-14' });
    expect(partial.status).toBe(206);
    expect(partial.body.toString('utf8')).toBe('<!doctype html>');
  });

  it('answers a file deleted after start with 404 and keeps serving', async () => {
    const extra = path.join(root, 'extra.svg');
    fs.writeFileSync(extra, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const server = await startServer({ root, port: 0 });
    try {
      fs.rmSync(extra);
      const gone = await request(server.url, '/extra.svg');
      expect(gone.status).toBe(404);
      expect(decodeBody(gone)).toContain(PAGE_TEXT.notFound);
      expect((await request(server.url, '/guide/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('robustness', () => {
  it('accepts the absolute form of the request target, as proxies send it', async () => {
    const response = await get('http://docs.example/guide/');
    expect(response.status).toBe(200);
    expect(decodeBody(response)).toContain(PAGE_TEXT.guide);
    const redirect = await get('http://docs.example/guide/index.html?x=1');
    expect(redirect.headers.location).toBe('/guide/?x=1');
    expect((await get('ftp://docs.example/guide/')).status).toBe(400);
  });

  it('closes the file when a client disconnects mid-download, and keeps serving', async () => {
    const big = path.join(root, 'big.svg');
    fs.writeFileSync(big, Buffer.alloc(8 * 1024 * 1024, 0x20));
    const server = await startServer({ root, port: 0 });
    const openFiles = (): number => fs.readdirSync('/proc/self/fd').length;
    try {
      const before = openFiles();
      for (let i = 0; i < 20; i += 1) {
        await new Promise<void>((resolve) => {
          const req = http.get(`${server.url}big.svg`, (res) => {
            res.once('data', () => {
              req.destroy();
              setTimeout(resolve, 10);
            });
          });
          req.on('error', () => resolve());
        });
      }
      // A descriptor per abandoned download would show as about twenty more, and stay: wait for them to close (the
      // server's MCP worker, starting beside it, opens and closes files of its own meanwhile).
      await expect.poll(() => openFiles() - before, { timeout: 10_000, interval: 50 }).toBeLessThan(5);
      const after = await request(server.url, '/guide/');
      expect(after.status).toBe(200);
    } finally {
      await server.close(100);
      fs.rmSync(big);
    }
  });
});

describe('slow clients', () => {
  it('answers 408 and hangs up on a client whose request headers never finish', async () => {
    const server = await startServer({ root, port: 0, headersTimeoutMs: 500 });
    try {
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: example\r\nX-Slow: '));
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('the server kept the connection open')), 5000).unref();
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await server.close(100);
    }
  });
});
