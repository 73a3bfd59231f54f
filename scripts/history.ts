// `npm run history`: the release history of the packages the references cover, from every stable version the npm
// registry publishes. Fetches the tarballs with npm's client into a cache outside the repository ($HISTORY_CACHE, else
// the system temp dir), reads each version with the generator's own extractors (generator/extract/rpc.ts, ocean.ts),
// and writes generator/history/<package>.json (see generator/history/README.md). Needs the registry; run it when the
// pinned packages are bumped. `npm run generate` reads the committed files offline.
import fs from 'node:fs';
import path from 'node:path';
import { buildHistory, serializeHistory } from '../generator/emit/history';
import { HISTORY_FILES, historyFilePath, type HistoryPackage } from '../generator/extract/history/attach';
import { fetchVersions, historyCacheDir, stableVersions } from '../generator/extract/history/registry';
import { readVersions } from '../generator/history/read-versions';

function main(): void {
  const only = process.argv.slice(2);
  const packages = (Object.keys(HISTORY_FILES) as HistoryPackage[]).filter((name) => only.length === 0 || only.includes(name));
  console.log(`history: cache ${historyCacheDir()}`);
  for (const packageName of packages) {
    const started = performance.now();
    const versions = stableVersions(packageName);
    const dirs = fetchVersions(packageName, versions);
    const readings = readVersions(packageName, dirs);
    const history = buildHistory(packageName, readings);
    const file = historyFilePath(packageName);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, serializeHistory(history));
    const counts = Object.entries(history.items)
      .map(([kind, items]) => `${Object.keys(items).length} ${kind}s`)
      .join(', ');
    console.log(
      `history: ${packageName}: ${history.versions.length} of ${versions.length} stable versions read (${history.versions[0]} to ${history.latest.version}), ` +
        `${history.unreadable.length} unreadable; ${counts}; ${path.relative(process.cwd(), file)} in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    for (const { version, reason } of history.unreadable) console.warn(`history: ${packageName}@${version} not read: ${reason}`);
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === __filename) main();
