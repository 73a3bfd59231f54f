// What `docusaurus build` alone leaves in build/ (the site-output plugin's postBuild, src/plugins/site-output): the
// security headers with the hashes of the pages' inline scripts, and brotli and gzip twins of every text file the
// plugins wrote, the Markdown twins and the search index included.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADERS_FILE, hashBuildScripts, parseHeadersFile } from '../../server/security-headers';

const BUILD = path.resolve(__dirname, '../../build');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the build as served', () => {
  it('has the security headers, with a hash for every inline script of its pages', () => {
    const rules = parseHeadersFile(fs.readFileSync(path.join(BUILD, HEADERS_FILE), 'utf8'));
    const policy = rules[0]?.headers['Content-Security-Policy'] ?? '';
    const hashes = hashBuildScripts(BUILD);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(policy).toContain(hash);
  });

  it('has brotli and gzip twins of the Markdown twins, llms.txt and the search index, which other plugins write', () => {
    const written = files(BUILD).filter((file) => /(\.md|llms(-full)?\.txt|search-index.*\.json)$/.test(file) && fs.statSync(file).size > 4096);
    expect(written.length).toBeGreaterThan(40);
    const missing = written.filter((file) => !fs.existsSync(`${file}.br`) || !fs.existsSync(`${file}.gz`));
    expect(missing.map((file) => path.relative(BUILD, file))).toEqual([]);
  });
});
