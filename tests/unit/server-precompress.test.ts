// src/plugins/site-output/precompress.ts: which build files get brotli and gzip twins, and that the twins decode to the original.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { precompress } from '../../src/plugins/site-output/precompress';

let root: string;
const big = `<html><body>${'<p>repeated text compresses well</p>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  fs.mkdirSync(path.join(root, 'assets/js'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), big);
  fs.writeFileSync(path.join(root, 'assets/js/app.1234.js'), `var a=${JSON.stringify(big)};`);
  fs.writeFileSync(path.join(root, 'tiny.css'), 'a{color:red}');
  fs.writeFileSync(path.join(root, 'photo.png'), Buffer.alloc(4096, 7));
  await precompress(root);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('writes brotli and gzip twins that decode to the original', () => {
  for (const file of ['index.html', 'assets/js/app.1234.js']) {
    const original = fs.readFileSync(path.join(root, file));
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(root, `${file}.br`)))).toEqual(original);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(root, `${file}.gz`)))).toEqual(original);
    expect(fs.statSync(path.join(root, `${file}.br`)).size).toBeLessThan(original.length);
  }
});

it('skips files too small to gain and formats that are compressed already', () => {
  expect(fs.existsSync(path.join(root, 'tiny.css.br'))).toBe(false);
  expect(fs.existsSync(path.join(root, 'photo.png.br'))).toBe(false);
  expect(fs.existsSync(path.join(root, 'photo.png.gz'))).toBe(false);
});

it('does not compress its own output when run twice', async () => {
  await precompress(root);
  expect(fs.existsSync(path.join(root, 'index.html.br.br'))).toBe(false);
  expect(fs.existsSync(path.join(root, 'index.html.gz.gz'))).toBe(false);
});
