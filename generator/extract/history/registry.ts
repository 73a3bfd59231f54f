// Published versions of a package, fetched from the npm registry with npm's own client (`npm view`, `npm pack`) into a
// cache outside the repository, one unpacked folder per version. Only `npm run history` (scripts/history.ts) uses it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isStableVersion } from '../../model/history';

/** Where tarballs and their unpacked folders are kept between runs: $HISTORY_CACHE, else a folder of the system's temp dir. */
export function historyCacheDir(): string {
  return process.env.HISTORY_CACHE ?? path.join(os.tmpdir(), 'jellyfish-docs-history');
}

function npm(args: string[], cwd?: string): string {
  return execFileSync('npm', args, { encoding: 'utf8', cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

/** Every stable (x.y.z, no pre-release tag) version the registry publishes, in the registry's order. */
export function stableVersions(packageName: string): string[] {
  const versions = JSON.parse(npm(['view', packageName, 'versions', '--json'])) as string[] | string;
  return (Array.isArray(versions) ? versions : [versions]).filter(isStableVersion);
}

/** Folder name of a version in the cache: `@defichain/whale-api-client@2.6.0` → `defichain-whale-api-client-2.6.0`. */
function folderName(packageName: string, version: string): string {
  return `${packageName.replace(/^@/, '').replace(/\//g, '-')}-${version}`;
}

/**
 * The unpacked package folder of each version (where its package.json is), fetching the tarballs the cache lacks in
 * one `npm pack` call. A version whose tarball cannot be fetched or unpacked is returned with the reason.
 */
export function fetchVersions(
  packageName: string,
  versions: readonly string[],
  cacheDir = historyCacheDir(),
): Map<string, { dir: string } | { error: string }> {
  const tarballs = path.join(cacheDir, 'tarballs');
  const unpacked = path.join(cacheDir, 'unpacked');
  fs.mkdirSync(tarballs, { recursive: true });
  fs.mkdirSync(unpacked, { recursive: true });
  const tarballOf = (version: string): string => path.join(tarballs, `${folderName(packageName, version)}.tgz`);
  const missing = versions.filter((version) => !fs.existsSync(tarballOf(version)));
  if (missing.length > 0) {
    try {
      npm(['pack', ...missing.map((version) => `${packageName}@${version}`), '--pack-destination', tarballs, '--silent'], tarballs);
    } catch (error) {
      // One bad version fails the whole call: fetch the rest one by one, so that only it is reported.
      for (const version of missing) {
        try {
          npm(['pack', `${packageName}@${version}`, '--pack-destination', tarballs, '--silent'], tarballs);
        } catch {
          void error;
        }
      }
    }
  }
  const result = new Map<string, { dir: string } | { error: string }>();
  for (const version of versions) {
    const tarball = tarballOf(version);
    if (!fs.existsSync(tarball)) {
      result.set(version, { error: `npm pack ${packageName}@${version} gave no tarball` });
      continue;
    }
    const target = path.join(unpacked, folderName(packageName, version));
    const dir = path.join(target, 'package');
    if (!fs.existsSync(path.join(dir, 'package.json'))) {
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(target, { recursive: true });
      try {
        execFileSync('tar', ['-xzf', tarball, '-C', target], { stdio: ['ignore', 'ignore', 'pipe'] });
      } catch (error) {
        result.set(version, { error: `cannot unpack ${path.basename(tarball)}: ${(error as Error).message.split('\n')[0] ?? ''}` });
        continue;
      }
    }
    result.set(version, fs.existsSync(path.join(dir, 'package.json')) ? { dir } : { error: `${path.basename(tarball)} has no package/package.json` });
  }
  return result;
}

/**
 * A node_modules folder holding one version of several packages (`@defichain/<package>` each, hard links to their
 * unpacked folders in the cache), so that the SDK extractor resolves one package's import of another to the same
 * version. Other npm packages resolve from the folder above it, a link to the project's node_modules.
 */
export function versionTree(version: string, dirs: ReadonlyMap<string, string>, projectNodeModules: string, cacheDir = historyCacheDir()): string {
  const trees = path.join(cacheDir, 'trees');
  fs.mkdirSync(trees, { recursive: true });
  const shared = path.join(trees, 'node_modules');
  if (!fs.existsSync(shared)) fs.symlinkSync(fs.realpathSync(projectNodeModules), shared);
  const nodeModules = path.join(trees, version, 'node_modules');
  fs.rmSync(path.join(trees, version), { recursive: true, force: true });
  fs.mkdirSync(path.join(nodeModules, '@defichain'), { recursive: true });
  for (const [short, dir] of dirs) execFileSync('cp', ['-al', dir, path.join(nodeModules, '@defichain', short)]);
  return nodeModules;
}
