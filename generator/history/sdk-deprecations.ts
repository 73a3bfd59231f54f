// Every `@deprecated` note that an export, member or field of the SDK's other packages carried, in any published
// version, before a release dropped it. The history files (generator/history/sdk) keep one deprecation text per item,
// the last version's; a note written in an earlier release and gone by the last one (reworded, or the tag dropped)
// is kept here, so that generator/emit/sdk-history-rules.ts can take the successor it names.
//
// For each item a history file marks as no longer published (`last`), the versions of its own package that had it
// (from `since` to `last`, outside its gaps) are fetched from the registry (`npm view` for the tarballs' addresses and
// integrity, Node's fetch, `tar`) into a cache outside the repository, and their declaration files read with the
// TypeScript compiler: the export through the entry point's exports, a member in its class (or the object type of a
// constant), a field in its interface, enum or object type alias. The doc comment is read as the pages read it
// (`readDoc`). Used by `npm run history -- sdk` and `npm run history -- sdk-deprecations` (scripts/history.ts).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { readDoc } from '../extract/common/typescript';
import { historyCacheDir } from '../extract/history/registry';
import { aliveAt, compareVersions, type HistoryFile, type SdkDeprecationNotes, type SdkItemNotes } from '../model/history';

export const SDK_DEPRECATIONS_FILE = path.resolve(__dirname, 'sdk-deprecations.json');

/** The kinds of item a history file of an SDK package may mark as removed. */
const REMOVED_KINDS = ['export', 'member', 'field'] as const;
type RemovedKind = (typeof REMOVED_KINDS)[number];

/** The removed items of one package's history file and the versions that had each, by `kind key`. */
function removedItems(file: HistoryFile): Map<string, { kind: RemovedKind; key: string; versions: string[] }> {
  const found = new Map<string, { kind: RemovedKind; key: string; versions: string[] }>();
  for (const kind of REMOVED_KINDS)
    for (const [key, entry] of Object.entries(file.items[kind] ?? {}))
      if (entry.last !== undefined) found.set(`${kind} ${key}`, { kind, key, versions: file.versions.filter((version) => aliveAt(entry, version)) });
  return found;
}

/** The registry's address and integrity of every stable version of a package, by version (one `npm view`). */
function tarballsOf(packageName: string): Map<string, { url: string; integrity: string }> {
  const out = execFileSync('npm', ['view', `${packageName}@>=0.0.0`, 'version', 'dist.tarball', 'dist.integrity', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const parsed = JSON.parse(out) as Record<string, string> | Record<string, string>[];
  const rows = Array.isArray(parsed) ? parsed : [parsed];
  return new Map(rows.map((row) => [row.version ?? '', { url: row['dist.tarball'] ?? '', integrity: row['dist.integrity'] ?? '' }]));
}

/** The unpacked folder (where package.json is) of one version, fetched and checked against its integrity when the cache lacks it. */
async function unpacked(packageName: string, version: string, source: { url: string; integrity: string } | undefined): Promise<string> {
  const cache = path.join(historyCacheDir(), 'deprecations');
  const folder = path.join(cache, `${packageName.replace(/^@/, '').replace(/\//g, '-')}-${version}`);
  const dir = path.join(folder, 'package');
  if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  if (source === undefined) throw new Error(`history: the registry lists no tarball of ${packageName}@${version}`);
  const response = await fetch(source.url);
  if (!response.ok) throw new Error(`history: ${source.url} answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const [algorithm, digest] = source.integrity.split('-', 2);
  if (algorithm === undefined || digest === undefined || createHash(algorithm).update(bytes).digest('base64') !== digest)
    throw new Error(`history: ${source.url} does not match its integrity ${source.integrity}`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const tarball = path.join(folder, 'package.tgz');
  fs.writeFileSync(tarball, bytes);
  execFileSync('tar', ['-xzf', tarball, '-C', folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  return dir;
}

/**
 * The declaration file of a package's entry point: `types` (or `typings`) of its package.json, else its `main`, as
 * a module is resolved: the file, the file with `.d.ts`, or a folder's `index.d.ts` (`"types": "dist"`).
 */
function entryOf(dir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { types?: string; typings?: string; main?: string };
  const named = path.resolve(dir, manifest.types ?? manifest.typings ?? (manifest.main ?? 'index.js').replace(/\.js$/, ''));
  const found = [named, `${named}.d.ts`, path.join(named, 'index.d.ts')].find((file) => file.endsWith('.d.ts') && fs.existsSync(file));
  if (found === undefined) throw new Error(`history: no declaration file for the entry point of ${dir}`);
  return found;
}

function nameOf(node: ts.ClassElement | ts.TypeElement | ts.EnumMember): string {
  const name = node.name;
  if (name === undefined) return ts.isConstructorDeclaration(node) ? 'constructor' : '';
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : name.getText();
}

/** The first `@deprecated` text among declarations (an overloaded member's: any overload's), null when none has one. */
function noteOf(nodes: readonly ts.Node[]): string | null {
  for (const node of nodes) {
    const text = readDoc(node).deprecated;
    if (text !== null) return text;
  }
  return null;
}

/** The members of an export that a history key names: a class's (`static.` for a static one), a constant's object type's. */
function membersOf(declaration: ts.Declaration, key: string): ts.Node[] {
  const isStatic = key.startsWith('static.');
  const name = key.replace(/^static\./, '');
  if (ts.isClassDeclaration(declaration))
    return declaration.members.filter((member) => {
      if (ts.isConstructorDeclaration(member)) return key === 'constructor';
      const memberStatic = (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) !== 0;
      return memberStatic === isStatic && nameOf(member) === name;
    });
  if (ts.isVariableDeclaration(declaration) && declaration.type !== undefined && ts.isTypeLiteralNode(declaration.type))
    return declaration.type.members.filter((member) => nameOf(member) === name);
  return [];
}

/** The fields of an export that a history key names: an interface's, an enum's members, an object type alias's. */
function fieldsOf(declaration: ts.Declaration, key: string): ts.Node[] {
  if (ts.isInterfaceDeclaration(declaration)) return declaration.members.filter((member) => nameOf(member) === key);
  if (ts.isEnumDeclaration(declaration)) return declaration.members.filter((member) => nameOf(member) === key);
  if (ts.isTypeAliasDeclaration(declaration) && ts.isTypeLiteralNode(declaration.type))
    return declaration.type.members.filter((member) => nameOf(member) === key);
  return [];
}

/**
 * The `@deprecated` text of each asked item in one version of a package (null: the version has it, with no note;
 * absent: the declaration files do not show it).
 */
function readNotes(dir: string, asked: readonly { kind: RemovedKind; key: string }[]): Map<string, string | null> {
  const entry = entryOf(dir);
  const program = ts.createProgram([entry], { noEmit: true, noLib: true, types: [], skipLibCheck: true, noResolve: false });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  const exports = new Map<string, ts.Declaration[]>();
  for (const symbol of moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol)) {
    const target = (symbol.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol;
    exports.set(symbol.name, target.declarations ?? []);
  }
  const notes = new Map<string, string | null>();
  for (const { kind, key } of asked) {
    const at = kind === 'member' ? key.indexOf('#') : kind === 'field' ? key.indexOf('.') : -1;
    const declarations = exports.get(at < 0 ? key : key.slice(0, at)) ?? [];
    const own = at < 0 ? key : key.slice(at + 1);
    const nodes =
      kind === 'export' ? declarations : declarations.flatMap((declaration) => (kind === 'member' ? membersOf(declaration, own) : fieldsOf(declaration, own)));
    if (nodes.length > 0) notes.set(`${kind} ${key}`, noteOf(nodes));
  }
  return notes;
}

/** Each item's notes from its versions' readings: the distinct texts, each with the versions that carried it. */
function notesOf(versions: readonly string[], readings: ReadonlyMap<string, ReadonlyMap<string, string | null>>, id: string): SdkItemNotes {
  const notes: SdkItemNotes['notes'] = [];
  const missing: string[] = [];
  for (const version of versions) {
    const reading = readings.get(version);
    if (reading === undefined || !reading.has(id)) {
      missing.push(version);
      continue;
    }
    const text = reading.get(id);
    if (text === null || text === undefined) continue;
    const same = notes.find((note) => note.text === text);
    if (same === undefined) notes.push({ text, versions: [version] });
    else same.versions.push(version);
  }
  return { read: versions.filter((version) => !missing.includes(version)), ...(missing.length > 0 ? { notFound: missing } : {}), notes };
}

/** The notes of every removed item of the given history files (package short name → file), reading the registry's tarballs. */
export async function deriveSdkDeprecations(files: ReadonlyMap<string, HistoryFile>): Promise<SdkDeprecationNotes> {
  const result: SdkDeprecationNotes = {};
  for (const [short, file] of files) {
    const items = removedItems(file);
    if (items.size === 0) continue;
    const versions = [...new Set([...items.values()].flatMap((item) => item.versions))].sort(compareVersions);
    const sources = tarballsOf(file.package);
    const readings = new Map<string, Map<string, string | null>>();
    for (const version of versions) {
      const asked = [...items.values()].filter((item) => item.versions.includes(version));
      readings.set(version, readNotes(await unpacked(file.package, version, sources.get(version)), asked));
    }
    const record: Record<string, SdkItemNotes> = {};
    for (const [id, item] of [...items].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) record[id] = notesOf(item.versions, readings, id);
    result[short] = record;
    console.log(`history: ${file.package}: ${items.size} removed items, ${versions.length} versions read for their @deprecated notes`);
  }
  return result;
}

/** The committed notes (generator/history/sdk-deprecations.json). */
export function readSdkDeprecations(file = SDK_DEPRECATIONS_FILE): SdkDeprecationNotes {
  if (!fs.existsSync(file)) throw new Error(`history: ${file} is missing; run \`npm run history -- sdk-deprecations\` (needs the npm registry)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SdkDeprecationNotes;
}

/** The file as committed: an entry per item, `kind key`, under its package (prettier lays out what a line does not hold). */
export function serializeSdkDeprecations(notes: SdkDeprecationNotes): string {
  const packages = Object.entries(notes);
  const lines = ['{'];
  packages.forEach(([short, items], packageIndex) => {
    const entries = Object.entries(items);
    lines.push(`  ${JSON.stringify(short)}: {`);
    entries.forEach(([id, item], index) => lines.push(`    ${JSON.stringify(id)}: ${JSON.stringify(item)}${index < entries.length - 1 ? ',' : ''}`));
    lines.push(`  }${packageIndex < packages.length - 1 ? ',' : ''}`);
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
