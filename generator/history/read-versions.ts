// How each published version of a covered package is read for its release history: the extractor the pages use
// (generator/extract/rpc, generator/extract/ocean, generator/extract/sdk), then the version's items (generator/emit/history.ts). Used by
// `npm run history` (scripts/history.ts) and by the held-sample test (tests/unit/history.test.ts), so both read alike.
import fs from 'node:fs';
import path from 'node:path';
import { oceanHistoryItems, rpcHistoryItems, sdkHistoryItems, type HistoryItem, type VersionReading } from '../emit/history';
import { extractSdkReference } from '../extract/sdk';
import { SDK_PACKAGES } from '../extract/sdk/packages';
import type { HistoryPackage } from '../extract/history/attach';
import { extractOceanReference } from '../extract/ocean/reference';
import { extractRpcReference } from '../extract/rpc/reference';

/** How one version of each covered package is read: the extractor the pages use, then its items. */
export const HISTORY_READERS: Record<HistoryPackage, (packageDir: string) => HistoryItem[]> = {
  '@defichain/jellyfish-api-core': (packageDir) => rpcHistoryItems(extractRpcReference({ packageDir, repositoryFolder: 'packages/jellyfish-api-core' })),
  '@defichain/whale-api-client': (packageDir) => oceanHistoryItems(extractOceanReference({ packageDir, repositoryFolder: 'packages/whale-api-client' })),
};

/** Reads every version; one that throws is kept with its reason instead of stopping the run. */
export function readVersions(packageName: HistoryPackage, dirs: ReadonlyMap<string, { dir: string } | { error: string }>): VersionReading[] {
  const read = HISTORY_READERS[packageName];
  return [...dirs].map(([version, found]): VersionReading => {
    if ('error' in found) return { version, error: found.error };
    try {
      return { version, items: read(found.dir) };
    } catch (error) {
      return { version, error: (error as Error).message.split('\n')[0] ?? String(error) };
    }
  });
}

/**
 * Reads one version of the SDK's other packages, together as the pages read them: `nodeModules` holds
 * `@defichain/<package>` of that version for each of `shorts` (the packages published in it). A module the pinned
 * configuration documents though no export uses it is read only where that version has it. The items of each package.
 */
export function readSdkVersion(nodeModules: string, shorts: readonly string[]): Map<string, HistoryItem[]> {
  const packages = SDK_PACKAGES.filter((config) => shorts.includes(config.short)).map((config) => ({
    ...config,
    unexportedModules: (config.unexportedModules ?? []).filter((module) =>
      fs.existsSync(path.join(nodeModules, '@defichain', config.short, 'dist', `${module}.d.ts`)),
    ),
  }));
  const reference = extractSdkReference({ nodeModules, packages });
  return new Map(packages.map((config) => [config.short, sdkHistoryItems(reference, config.short)]));
}
