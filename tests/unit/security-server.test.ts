// The production server applies the build's _headers file to every answer, and never serves the file itself.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_FILE, parseHeadersFile, writeHeadersFile } from '../../server/security-headers';
import { BuildFolderError, createServer, startServer, type RunningServer } from '../../server/server';
import { PAGE_TEXT, decodeBody, makeBuildFolder, request } from './server-helpers';

let root: string;
let running: RunningServer;
let expected: Record<string, string>;
const get = (target: string, method = 'GET') => request(running.url, target, { method });

beforeAll(async () => {
  root = makeBuildFolder();
  fs.appendFileSync(path.join(root, 'index.html'), '<script>document.documentElement.dataset.ready = "1"</script>');
  const [rule] = writeHeadersFile(root);
  expected = rule?.headers ?? {};
  running = await startServer({ root, port: 0 });
});

afterAll(async () => {
  await running.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(`${root}-secret.txt`, { force: true });
});

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, label: string): void {
  for (const [name, value] of Object.entries(expected)) expect(headers[name.toLowerCase()], `${label}: ${name}`).toBe(value);
}

describe('security headers from _headers', () => {
  it('the file holds the policy with the hash of the build inline script', () => {
    expect(expected['Content-Security-Policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(expected['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });

  it('go out with pages, assets, text files and the not-found page', async () => {
    for (const target of ['/', '/guide/', '/assets/js/main.0123abcd.js', '/img/logo.svg', '/llms.txt', '/no/such/page']) {
      const response = await get(target);
      expect(response.status, target).toBe(target === '/no/such/page' ? 404 : 200);
      expectSecurityHeaders(response.headers, target);
    }
  });

  it('go out with redirects, refusals and HEAD answers too', async () => {
    const answers = [
      [await get('/guide/index.html'), 301],
      [await get('/%2e%2e/secret'), 400],
      [await get('/', 'POST'), 405],
      [await get('/guide/', 'HEAD'), 200],
    ] as const;
    for (const [response, status] of answers) {
      expect(response.status).toBe(status);
      expectSecurityHeaders(response.headers, String(status));
    }
  });

  it('the file itself is not served, however it is spelled', async () => {
    for (const target of [`/${HEADERS_FILE}`, '/%5Fheaders', `/${HEADERS_FILE}/`]) {
      const response = await get(target);
      expect(response.status, target).toBe(404);
      expect(decodeBody(response), target).toContain(PAGE_TEXT.notFound);
      expect(decodeBody(response), target).not.toContain('Content-Security-Policy');
    }
  });

  it('a malformed _headers file stops the server from starting, with the line named', () => {
    const broken = makeBuildFolder();
    try {
      fs.writeFileSync(path.join(broken, HEADERS_FILE), '/*\n  missing colon\n');
      expect(() => createServer({ root: broken })).toThrow(BuildFolderError);
      expect(() => createServer({ root: broken })).toThrow(/_headers: line 2/);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
      fs.rmSync(`${broken}-secret.txt`, { force: true });
    }
  });

  it('a build without _headers is still served, with nosniff', async () => {
    const plain = makeBuildFolder();
    const server = await startServer({ root: plain, port: 0 });
    try {
      const response = await request(server.url, '/');
      expect(response.status).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBeUndefined();
    } finally {
      await server.close();
      fs.rmSync(plain, { recursive: true, force: true });
      fs.rmSync(`${plain}-secret.txt`, { force: true });
    }
  });

  it('reads the real rules back from the file it serves by', () => {
    const rules = parseHeadersFile(fs.readFileSync(path.join(root, HEADERS_FILE), 'utf8'));
    expect(rules).toEqual([{ pattern: '/*', headers: expected }]);
  });
});
