// Cuts the small package folders of tests/fixtures/history from published versions in the history cache (run
// `npm run history` first): package.json, the entry declarations with only the kept categories, and those categories'
// declarations and compiled code, unchanged. `npx tsx tests/support/cut-history-fixtures.ts` rewrites them.
import fs from 'node:fs';
import path from 'node:path';
import { historyCacheDir } from '../../generator/extract/history/registry';

const HISTORY_FIXTURES = path.resolve(__dirname, '../fixtures/history');

interface Cut {
  package: string;
  versions: string[];
  /** Category files kept (module file names below dist/category or dist/api). */
  categories: string[];
  /** More categories kept in one version only (what the migration guide's "before" samples use). */
  extra?: Record<string, string[]>;
  /** Folder of the category files below dist. */
  folder: string;
  /** Entry declarations rewritten with only the kept categories; other files copied whole. */
  entries: string[];
  copied: string[];
}

/** What the held sample of tests/unit/history.test.ts and the "before" side of the migration guide read. */
export const CUTS: Cut[] = [
  {
    package: 'jellyfish-api-core',
    versions: ['2.70.0', '3.5.2', '3.16.0'],
    categories: ['governance', 'token'],
    extra: { '3.5.2': ['account'] },
    folder: 'category',
    entries: ['index.d.ts'],
    copied: [],
  },
  {
    package: 'whale-api-client',
    versions: ['2.70.0', '3.5.2'],
    categories: ['fee', 'consortium', 'governance'],
    folder: 'api',
    entries: ['index.d.ts', 'whale.api.client.d.ts'],
    copied: ['whale.api.client.js', 'whale.api.response.d.ts'],
  },
];

/**
 * Versions of the SDK's other packages the held sample reads (tests/unit/history.test.ts), each next to the one before
 * it in the registry so that the sample pins a first version exactly: jellyfish-network's block subsidy (2.18.3),
 * jellyfish-crypto's Eth and KECCAK256 (3.34.0), jellyfish-address's Eth (3.39.1, changed in 4.0.0). Copied whole but
 * for the source maps, as `sdk-<version>/@defichain/<package>`: a node_modules folder the SDK extractor reads.
 */
export const SDK_CUTS: { package: string; versions: string[] }[] = [
  { package: 'jellyfish-network', versions: ['2.16.0', '2.18.3'] },
  { package: 'jellyfish-crypto', versions: ['3.33.0', '3.34.0'] },
  { package: 'jellyfish-address', versions: ['3.39.1', '4.0.0'] },
];

/**
 * Packages whose declarations alone (every `.d.ts` of dist, no compiled code) the migration guide's "before" samples
 * of the SDK's other packages compile against, as `<package>-<version>`: jellyfish-transaction 3.39.1, the last 3.x.
 */
const DECLARATION_CUTS: { package: string; versions: string[] }[] = [{ package: 'jellyfish-transaction', versions: ['3.39.1'] }];

function copyDeclarations(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyDeclarations(source, path.join(to, entry.name));
    else if (entry.name.endsWith('.d.ts'))
      fs.writeFileSync(path.join(to, entry.name), fs.readFileSync(source, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '\n'));
  }
}

function cutDeclarations(short: string, version: string): void {
  const from = path.join(historyCacheDir(), 'unpacked', `defichain-${short}-${version}`, 'package');
  if (!fs.existsSync(from)) throw new Error(`${from} is missing: run \`npm run history -- sdk\` first`);
  const to = fixtureDir(short, version);
  fs.rmSync(to, { recursive: true, force: true });
  copyDeclarations(path.join(from, 'dist'), path.join(to, 'dist'));
  fs.copyFileSync(path.join(from, 'package.json'), path.join(to, 'package.json'));
}

export function sdkFixtureModules(version: string): string {
  return path.join(HISTORY_FIXTURES, `sdk-${version}`);
}

function copyWithoutMaps(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyWithoutMaps(source, path.join(to, entry.name));
    else if (!entry.name.endsWith('.map') && !entry.name.endsWith('.md'))
      fs.writeFileSync(path.join(to, entry.name), fs.readFileSync(source, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '\n'));
  }
}

function cutSdk(short: string, version: string): void {
  const from = path.join(historyCacheDir(), 'unpacked', `defichain-${short}-${version}`, 'package');
  if (!fs.existsSync(from)) throw new Error(`${from} is missing: run \`npm run history -- sdk\` first`);
  const to = path.join(sdkFixtureModules(version), '@defichain', short);
  fs.rmSync(to, { recursive: true, force: true });
  copyWithoutMaps(from, to);
}

export function fixtureDir(packageName: string, version: string): string {
  return path.join(HISTORY_FIXTURES, `${packageName}-${version}`);
}

/** Drops the lines of an entry file that name a category not kept: its import, its `export * as`, its client property. */
function keepCategories(text: string, folder: string, kept: readonly string[]): string {
  const dropped = new Set<string>();
  const lines = text.replace(/\/\/# sourceMappingURL=.*$/m, '').split('\n');
  for (const line of lines) {
    const imported = new RegExp(`^import \\{ (\\w+) \\} from '\\./${folder}/(\\w+)';$`).exec(line);
    if (imported?.[1] !== undefined && imported[2] !== undefined && !kept.includes(imported[2])) dropped.add(imported[1]);
  }
  return lines
    .filter((line) => {
      const module = new RegExp(`from '\\./${folder}/(\\w+)';$`).exec(line)?.[1];
      if (module !== undefined && !kept.includes(module)) return false;
      const property = /^ {4}readonly \w+: (\w+);$/.exec(line)?.[1];
      return property === undefined || !dropped.has(property);
    })
    .join('\n');
}

function cut(spec: Cut, version: string): void {
  const from = path.join(historyCacheDir(), 'unpacked', `defichain-${spec.package}-${version}`, 'package');
  if (!fs.existsSync(from)) throw new Error(`${from} is missing: run \`npm run history\` first`);
  const to = fixtureDir(spec.package, version);
  const categories = [...spec.categories, ...(spec.extra?.[version] ?? [])];
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.join(to, 'dist', spec.folder), { recursive: true });
  fs.copyFileSync(path.join(from, 'package.json'), path.join(to, 'package.json'));
  for (const entry of spec.entries) {
    fs.writeFileSync(path.join(to, 'dist', entry), keepCategories(fs.readFileSync(path.join(from, 'dist', entry), 'utf8'), spec.folder, categories));
  }
  for (const file of spec.copied) fs.copyFileSync(path.join(from, 'dist', file), path.join(to, 'dist', file));
  for (const category of categories) {
    for (const extension of ['.d.ts', '.js']) {
      const file = path.join(from, 'dist', spec.folder, `${category}${extension}`);
      if (fs.existsSync(file)) {
        const text = fs.readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '\n');
        fs.writeFileSync(path.join(to, 'dist', spec.folder, `${category}${extension}`), text);
      }
    }
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === __filename) {
  for (const spec of CUTS) for (const version of spec.versions) cut(spec, version);
  for (const spec of SDK_CUTS) for (const version of spec.versions) cutSdk(spec.package, version);
  for (const spec of DECLARATION_CUTS) for (const version of spec.versions) cutDeclarations(spec.package, version);
  console.log(`cut ${CUTS.reduce((sum, spec) => sum + spec.versions.length, 0)} fixture packages into ${HISTORY_FIXTURES}`);
}
