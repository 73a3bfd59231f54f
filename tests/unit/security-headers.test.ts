// The security headers module: which inline scripts get hashed, the hashes, the policy, and the _headers file round trip.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HeadersFileError,
  contentSecurityPolicy,
  formatHeadersFile,
  hashBuildScripts,
  headersFor,
  inlineScripts,
  parseHeadersFile,
  scriptHash,
  securityHeaders,
  writeHeadersFile,
} from '../../server/security-headers';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('inline scripts', () => {
  it('finds scripts that run and skips external scripts and data blocks', () => {
    const html = `<!doctype html><html><head>
      <script>var a = 1 && 2;</script>
      <script src="/assets/js/main.js"></script>
      <script type="application/ld+json">{"@type":"WebSite"}</script>
      <script type="module">import "/x.js";</script>
      </head><body><template><script>inTemplate()</script></template><script type="text/javascript">last()</script></body></html>`;
    expect(inlineScripts(html)).toEqual(['var a = 1 && 2;', 'import "/x.js";', 'inTemplate()', 'last()']);
  });

  it('keeps script text as the browser sees it: entities untouched, line breaks normalised', () => {
    expect(inlineScripts('<script>if (a &amp;&amp; b) x("</p>")</script>')).toEqual(['if (a &amp;&amp; b) x("</p>")']);
    expect(inlineScripts('<script>a\r\nb</script>')).toEqual(['a\nb']);
  });
});

describe('hashes', () => {
  it('are SHA-256 in base64, as CSP expects (values from openssl dgst -sha256)', () => {
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(scriptHash('a\nb')).toBe("'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg='");
  });

  it('cover every HTML file of a build once, in a stable order', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-test-'));
    folders.push(root);
    fs.mkdirSync(path.join(root, 'guide'));
    fs.writeFileSync(path.join(root, 'index.html'), '<script>alert(1)</script><script>shared()</script>');
    fs.writeFileSync(path.join(root, 'guide/index.html'), '<script>a\nb</script><script>shared()</script>');
    fs.writeFileSync(path.join(root, 'notes.txt'), '<script>notHtml()</script>');
    const hashes = hashBuildScripts(root);
    expect(hashes).toHaveLength(3);
    expect(hashes).toContain(scriptHash('alert(1)'));
    expect(hashes).toContain(scriptHash('a\nb'));
    expect(hashes).toContain(scriptHash('shared()'));
    expect(hashes).not.toContain(scriptHash('notHtml()'));
    expect([...hashes].sort()).toEqual(hashes);
  });
});

describe('policy', () => {
  const policy = contentSecurityPolicy([scriptHash('alert(1)')]);
  const directives = new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

  it('allows scripts only from the site and by hash, never inline or eval', () => {
    expect(directives.get('script-src')).toEqual(["'self'", scriptHash('alert(1)')]);
    expect(policy).not.toContain('unsafe-eval');
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('forbids framing, plugins and base rewriting', () => {
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('connects to the site and to the public Ocean alone (the transaction inspector’s fetch)', () => {
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://mainnet.ocean.jellyfishsdk.com']);
  });

  it('comes with the other headers', () => {
    const headers = securityHeaders([]);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers['Permissions-Policy']).toContain('microphone=()');
    expect(headers['Permissions-Policy']).toContain('geolocation=()');
  });
});

describe('the _headers file', () => {
  it('is written in Netlify format and reads back to the same rules', () => {
    const rules = [
      { pattern: '/*', headers: securityHeaders([scriptHash('alert(1)')]) },
      { pattern: '/assets/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    ];
    const text = formatHeadersFile(rules);
    expect(text.split('\n').slice(0, 3)).toEqual([
      '/*',
      `  Content-Security-Policy: ${contentSecurityPolicy([scriptHash('alert(1)')])}`,
      '  X-Content-Type-Options: nosniff',
    ]);
    expect(parseHeadersFile(text)).toEqual(rules);
  });

  it('skips comments and blank lines and rejects malformed lines, naming them', () => {
    expect(parseHeadersFile('# site\n\n/docs/*\n  X-Test: 1\n')).toEqual([{ pattern: '/docs/*', headers: { 'X-Test': '1' } }]);
    expect(() => parseHeadersFile('  X-Test: 1\n')).toThrow(HeadersFileError);
    expect(() => parseHeadersFile('/*\n  no colon here\n')).toThrow(/line 2/);
    expect(() => parseHeadersFile('docs\n  X-Test: 1\n')).toThrow(/line 1/);
  });

  it('refuses to write a header value that would break the file', () => {
    expect(() => formatHeadersFile([{ pattern: '/*', headers: { 'X-Test': 'a\nb' } }])).toThrow();
  });

  it('matches paths by pattern, later rules winning', () => {
    const rules = parseHeadersFile('/*\n  X-A: all\n  X-B: all\n/assets/*\n  X-B: assets\n/exact\n  X-C: exact\n');
    expect(headersFor(rules, '/')).toEqual({ 'X-A': 'all', 'X-B': 'all' });
    expect(headersFor(rules, '/assets/js/main.js')).toEqual({ 'X-A': 'all', 'X-B': 'assets' });
    expect(headersFor(rules, '/exact')).toEqual({ 'X-A': 'all', 'X-B': 'all', 'X-C': 'exact' });
    expect(headersFor(rules, '/exactly')).toEqual({ 'X-A': 'all', 'X-B': 'all' });
  });

  it('is written into the build with the hashes of its pages', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-test-'));
    folders.push(root);
    fs.writeFileSync(path.join(root, 'index.html'), '<script>alert(1)</script>');
    writeHeadersFile(root);
    const rules = parseHeadersFile(fs.readFileSync(path.join(root, '_headers'), 'utf8'));
    expect(headersFor(rules, '/anything')['Content-Security-Policy']).toContain(scriptHash('alert(1)'));
  });
});
