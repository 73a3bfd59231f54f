// Build timings: cold (after `docusaurus clear`) and warm (a second build on the caches the first one left), and the
// same cold build on a temporary copy of the site whose generated reference is multiplied.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliSize, listHtmlFiles, measureSite, referencedAssets, type SiteWeight, type Size } from './weight';
import { runCommand } from './process';
import { GENERATED_OUTPUTS } from '../contract/generated-outputs';

export interface BuildTiming {
  coldSeconds: number;
  warmSeconds: number;
  pages: number;
}

export interface ScaledBuild {
  factor: number;
  /** Generated reference pages in the scaled copy (originals plus copies). */
  referencePages: number;
  pages: number;
  coldSeconds: number;
  /** The scripts the home page's HTML names (runtime + main): they carry the route table, so they grow with pages. */
  sharedJs: Size;
}

/** Size of the scripts `index.html` names: the bundle every page loads. */
export function sharedScripts(buildDir: string): Size {
  const { scripts } = referencedAssets(fs.readFileSync(path.join(buildDir, 'index.html'), 'utf8'));
  const size = { raw: 0, brotli: 0 };
  for (const src of scripts) {
    const content = fs.readFileSync(path.join(buildDir, src.replace(/^\/+/, '')));
    size.raw += content.length;
    size.brotli += brotliSize(content);
  }
  return size;
}

/** Where `npm run generate` writes the Full Node RPC reference. */
const GENERATED_REFERENCE_DIR = GENERATED_OUTPUTS.rpcPages.path;

function docusaurus(siteDir: string): string {
  return path.join(siteDir, 'node_modules', '.bin', 'docusaurus');
}

/** `docusaurus clear`, then two builds into `siteDir/build`. */
export async function timeBuilds(siteDir: string, timeoutMs: number): Promise<BuildTiming> {
  await runCommand(docusaurus(siteDir), ['clear'], { cwd: siteDir, timeoutMs: 60_000 });
  const cold = await runCommand(docusaurus(siteDir), ['build'], { cwd: siteDir, timeoutMs });
  const warm = await runCommand(docusaurus(siteDir), ['build'], { cwd: siteDir, timeoutMs });
  return { coldSeconds: cold.seconds, warmSeconds: warm.seconds, pages: listHtmlFiles(path.join(siteDir, 'build')).length };
}

/** Top-level entries of the site that a copy must not take: outputs, caches, VCS data; node_modules is linked. */
const NOT_COPIED = new Set(['node_modules', 'build', '.docusaurus', '.git', 'test-results', 'bench-results']);

/**
 * Runs `body` on a copy of the site in a temporary folder (node_modules symlinked), so that a build there leaves this
 * checkout's `.docusaurus` and caches alone; removes the copy afterwards.
 */
async function inSiteCopy<T>(siteDir: string, body: (copy: string) => Promise<T>): Promise<T> {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'jellyfish-docs-copy-'));
  try {
    for (const entry of fs.readdirSync(siteDir)) {
      if (NOT_COPIED.has(entry) || entry.startsWith('build-')) continue;
      fs.cpSync(path.join(siteDir, entry), path.join(copy, entry), { recursive: true, verbatimSymlinks: true });
    }
    fs.symlinkSync(path.join(siteDir, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    return await body(copy);
  } finally {
    // rmSync does not follow the node_modules link: only the link itself goes.
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

export interface PeerBuild {
  seconds: number;
  /** First-load bytes of every page of the peer, read with the copy's own route metadata. */
  weight: SiteWeight;
}

/**
 * The peer: the site built with `NO_OVERRIDES=1` (plain Docusaurus 3.10, src/overrides/MANIFEST.md) into
 * `outDir`, in a copy of the site so that this checkout's `.docusaurus` still describes build/.
 */
export async function buildPeer(siteDir: string, outDir: string, timeoutMs: number): Promise<PeerBuild> {
  return inSiteCopy(siteDir, async (copy) => {
    fs.rmSync(outDir, { recursive: true, force: true });
    const build = await runCommand(docusaurus(siteDir), ['build', '--out-dir', outDir], { cwd: copy, timeoutMs, env: { ...process.env, NO_OVERRIDES: '1' } });
    return { seconds: build.seconds, weight: measureSite(outDir, path.join(copy, '.docusaurus')) };
  });
}

/**
 * Copies the site into a temporary folder (node_modules symlinked), adds `factor - 1` renamed copies of every
 * generated reference page (synthetic categories such as `account-2`), builds it cold and removes the copy.
 */
export async function timeScaledBuild(siteDir: string, factor: number, timeoutMs: number): Promise<ScaledBuild> {
  return inSiteCopy(siteDir, async (copy) => {
    const referenceDir = path.join(copy, GENERATED_REFERENCE_DIR);
    // Partials (leading underscore) are not pages; only the category pages are multiplied.
    const pagesOfReference = fs.existsSync(referenceDir) ? fs.readdirSync(referenceDir).filter((file) => file.endsWith('.mdx') && !file.startsWith('_')) : [];
    if (pagesOfReference.length === 0) throw new Error(`no generated pages in ${GENERATED_REFERENCE_DIR}: run \`npm run generate\` first`);
    for (let n = 2; n <= factor; n += 1) {
      for (const file of pagesOfReference) {
        fs.copyFileSync(path.join(referenceDir, file), path.join(referenceDir, `${path.basename(file, '.mdx')}-${n}.mdx`));
      }
    }
    // `clear` empties node_modules/.cache through the link too, so the copy starts as cold as the normal cold build.
    await runCommand(docusaurus(siteDir), ['clear'], { cwd: copy, timeoutMs: 60_000 });
    const build = await runCommand(docusaurus(siteDir), ['build'], { cwd: copy, timeoutMs });
    return {
      factor,
      referencePages: pagesOfReference.length * factor,
      pages: listHtmlFiles(path.join(copy, 'build')).length,
      coldSeconds: build.seconds,
      sharedJs: sharedScripts(path.join(copy, 'build')),
    };
  });
}
