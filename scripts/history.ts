// `npm run history`: the release history of the packages the references cover, from every stable version the npm
// registry publishes, and of the SDK's other packages (`npm run history -- sdk` for those alone). Fetches the tarballs with npm's client into a cache outside the repository ($HISTORY_CACHE, else
// the system temp dir), reads each version with the generator's own extractors (generator/extract/rpc.ts, ocean.ts),
// and writes generator/history/<package>.json (see generator/history/README.md). Needs the registry; run it when the
// pinned packages are bumped. `npm run generate` reads the committed files offline.
//
// `npm run history -- sdk-deprecations` reads, for every export, member and field the committed SDK files mark as no
// longer published, the `@deprecated` notes of every version that had it (generator/history/sdk-deprecations.ts),
// writes generator/history/sdk-deprecations.json and applies the successor rules to the committed files again (the
// pinned version's items from node_modules); with `--check` it writes nothing and fails when the registry's
// declarations no longer give the committed notes. `npm run history -- sdk` does the same after reading the versions.
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { buildHistory, sdkHistoryItems, serializeHistory } from '../generator/emit/history';
import { applySdkHistoryRules } from '../generator/emit/sdk-history-rules';
import type { VersionReading } from '../generator/emit/history';
import { HISTORY_FILES, historyFilePath, readSdkHistoryFile, sdkHistoryFilePath, type HistoryPackage } from '../generator/extract/history/attach';
import { fetchVersions, historyCacheDir, stableVersions, versionTree } from '../generator/extract/history/registry';
import { extractSdkReference } from '../generator/extract/sdk';
import { SDK_PACKAGES } from '../generator/extract/sdk/packages';
import { compareVersions, type HistoryFile } from '../generator/model/history';
import { readSdkVersion, readVersions } from '../generator/history/read-versions';
import { deriveSdkDeprecations, readSdkDeprecations, SDK_DEPRECATIONS_FILE, serializeSdkDeprecations } from '../generator/history/sdk-deprecations';

const PROJECT_NODE_MODULES = path.resolve(__dirname, '../node_modules');

/** Writes a data file as `npm run lint` (prettier --check) wants it. */
async function writeFormatted(file: string, text: string): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

/**
 * The SDK's other packages (generator/extract/sdk/packages.ts): every stable version of each, read one version of all
 * of them at a time (they are published together and import each other), a history file per package.
 */
async function sdkHistories(): Promise<void> {
  const started = performance.now();
  const found = new Map<string, Map<string, string>>();
  const failed = new Map<string, VersionReading[]>();
  for (const config of SDK_PACKAGES) {
    const name = `@defichain/${config.short}`;
    for (const [version, result] of fetchVersions(name, stableVersions(name))) {
      if ('error' in result) failed.set(config.short, [...(failed.get(config.short) ?? []), { version, error: result.error }]);
      else found.set(version, new Map([...(found.get(version) ?? []), [config.short, result.dir]]));
    }
  }
  const readings = new Map<string, VersionReading[]>(SDK_PACKAGES.map((config) => [config.short, [...(failed.get(config.short) ?? [])]]));
  for (const [version, dirs] of [...found].sort(([a], [b]) => compareVersions(a, b))) {
    const shorts = [...dirs.keys()];
    try {
      const items = readSdkVersion(versionTree(version, dirs, PROJECT_NODE_MODULES), shorts);
      for (const [short, list] of items) readings.get(short)?.push({ version, items: list });
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0] ?? String(error);
      for (const short of shorts) readings.get(short)?.push({ version, error: reason });
    }
  }
  const built = SDK_PACKAGES.map((config) => {
    const packageReadings = readings.get(config.short) ?? [];
    const newest = packageReadings
      .filter((reading) => 'items' in reading)
      .sort((a, b) => compareVersions(a.version, b.version))
      .at(-1);
    const items = newest !== undefined && 'items' in newest ? newest.items : [];
    return {
      short: config.short,
      file: buildHistory(`@defichain/${config.short}`, packageReadings),
      latest: new Map(items.map((item) => [`${item.kind} ${item.key}`, item.signature])),
    };
  });
  // The @deprecated notes of every version of what a release dropped; then inherited members and fields, and
  // successors, are decided over all the packages at once.
  const notes = await deriveSdkDeprecations(new Map(built.map(({ short, file }) => [short, file])));
  await writeFormatted(SDK_DEPRECATIONS_FILE, serializeSdkDeprecations(notes));
  applySdkHistoryRules(built, notes);
  for (const { short, file: history } of built) {
    const name = `@defichain/${short}`;
    const file = sdkHistoryFilePath(short);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await writeFormatted(file, serializeHistory(history));
    console.log(
      `history: ${name}: ${history.versions.length} versions read (${history.versions[0]} to ${history.latest.version}), ${history.unreadable.length} unreadable; ` +
        `${Object.keys(history.items.export ?? {}).length} exports, ${Object.keys(history.items.member ?? {}).length} members, ${Object.keys(history.items.field ?? {}).length} fields`,
    );
    for (const { version, reason } of history.unreadable) console.warn(`history: ${name}@${version} not read: ${reason}`);
  }
  console.log(`history: the SDK's other packages in ${Math.round((performance.now() - started) / 1000)} s`);
}

/**
 * `sdk-deprecations`: the notes of the removed items of the committed SDK files, written (then the rules applied to
 * those files again) or, with `--check`, compared with the committed notes.
 */
async function sdkDeprecations(check: boolean): Promise<void> {
  const files = new Map<string, HistoryFile>(SDK_PACKAGES.map((config) => [config.short, readSdkHistoryFile(config.short)]));
  const notes = await deriveSdkDeprecations(files);
  const text = serializeSdkDeprecations(notes);
  if (check) {
    if (serializeSdkDeprecations(readSdkDeprecations()) !== text) {
      console.error(
        `history: ${path.relative(process.cwd(), SDK_DEPRECATIONS_FILE)} differs from the registry's declarations; run \`npm run history -- sdk-deprecations\``,
      );
      process.exitCode = 1;
    } else console.log(`history: ${path.relative(process.cwd(), SDK_DEPRECATIONS_FILE)} matches the registry's declarations`);
    return;
  }
  await writeFormatted(SDK_DEPRECATIONS_FILE, text);
  const pinned = extractSdkReference({ nodeModules: PROJECT_NODE_MODULES, packages: SDK_PACKAGES });
  const packages = [...files].map(([short, file]) => ({
    short,
    file,
    latest: new Map(sdkHistoryItems(pinned, short).map((item) => [`${item.kind} ${item.key}`, item.signature])),
  }));
  applySdkHistoryRules(packages, notes);
  for (const { short, file } of packages) await writeFormatted(sdkHistoryFilePath(short), serializeHistory(file));
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  if (only.includes('sdk-deprecations')) {
    await sdkDeprecations(only.includes('--check'));
    return;
  }
  const packages = (Object.keys(HISTORY_FILES) as HistoryPackage[]).filter((name) => only.length === 0 || only.includes(name));
  // `npm run history -- sdk`: the SDK's other packages only.
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
  if (only.length === 0 || only.includes('sdk')) await sdkHistories();
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === __filename)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
