// The package map of /ecosystem/ draws exactly the dependencies that the @defichain packages declare: each arrow is
// a `dependencies` entry of the package's own package.json, read from node_modules (or, for the two packages the site
// does not install, from the registry's answer recorded in fixtures/package-map).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layOut } from '../../src/components/PackageMap/geometry';
import { PACKAGES, type MapPackage } from '../../src/components/PackageMap/packages';

const root = path.resolve(__dirname, '../..');
const SCOPE = '@defichain/';

interface Manifest {
  version?: string;
  dependencies?: Record<string, string>;
}

const rootManifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const registry = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures/package-map/registry-dependencies.json'), 'utf8')) as {
  packages: Record<string, Manifest>;
};

/** The pinned SDK version: the one every @defichain dependency of the site is pinned to. */
const VERSION = rootManifest.dependencies?.['@defichain/jellyfish-api-core'] ?? '';

/** The package.json of an @defichain package: from node_modules when installed, else the recorded registry answer. */
function manifestOf(name: string): { manifest: Manifest; from: string } {
  const file = path.join(root, 'node_modules', name, 'package.json');
  if (fs.existsSync(file)) {
    return { manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest, from: file };
  }
  const recorded = registry.packages[name];
  if (recorded === undefined) throw new Error(`${name} is neither installed nor recorded in the registry fixture`);
  return { manifest: recorded, from: 'the registry fixture' };
}

/** The @defichain packages a manifest depends on, without the scope, sorted. */
function scopedDependencies(manifest: Manifest): string[] {
  return Object.keys(manifest.dependencies ?? {})
    .filter((dep) => dep.startsWith(SCOPE))
    .map((dep) => dep.slice(SCOPE.length))
    .sort();
}

/** Every arrow the map shows and every arrow the manifests call for, as "from -> to". */
function edgesOfMap(packages: readonly MapPackage[]): string[] {
  return packages.flatMap((pkg) => pkg.uses.map((dep) => `${pkg.name} -> ${dep}`)).sort();
}

function edgesOfManifests(packages: readonly MapPackage[]): string[] {
  return packages.flatMap((pkg) => scopedDependencies(manifestOf(SCOPE + pkg.name).manifest).map((dep) => `${pkg.name} -> ${dep}`)).sort();
}

/** What is wrong with a map, in words; empty when it matches the manifests. */
function mapProblems(packages: readonly MapPackage[]): string[] {
  const drawn = new Set(edgesOfMap(packages));
  const declared = new Set(edgesOfManifests(packages));
  return [
    ...[...drawn].filter((edge) => !declared.has(edge)).map((edge) => `drawn but not a dependency: ${edge}`),
    ...[...declared].filter((edge) => !drawn.has(edge)).map((edge) => `a dependency the map does not draw: ${edge}`),
  ];
}

describe('the package map', () => {
  it('has one box for every @defichain package of the pinned release, and no other', () => {
    const installed = Object.keys(rootManifest.dependencies ?? {}).filter((name) => name.startsWith(SCOPE));
    const expected = [...installed, ...Object.keys(registry.packages)].map((name) => name.slice(SCOPE.length)).sort();
    expect(PACKAGES.map((pkg) => pkg.name).sort()).toEqual(expected);
    expect(expected).toHaveLength(21);
  });

  it('reads each package at the pinned version', () => {
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    for (const pkg of PACKAGES) {
      const { manifest, from } = manifestOf(SCOPE + pkg.name);
      expect(manifest.version, from).toBe(VERSION);
    }
  });

  it('draws exactly the dependencies each package declares', () => {
    expect(mapProblems(PACKAGES)).toEqual([]);
  });

  it('lays out one box per package and one arrow per declared dependency (the component draws exactly these)', () => {
    const { boxes, edges } = layOut(PACKAGES);
    expect(edges.map((edge) => `${edge.from} -> ${edge.to}`).sort()).toEqual(edgesOfManifests(PACKAGES));
    expect(boxes.map((box) => box.pkg.name).sort()).toEqual(PACKAGES.map((pkg) => pkg.name).sort());
  });

  it('fails a map with an arrow that is not a dependency, or without one that is', () => {
    const api = PACKAGES.find((pkg) => pkg.name === 'jellyfish-api-core');
    expect(api).toBeDefined();
    const withFalseEdge = PACKAGES.map((pkg) => (pkg === api ? { ...pkg, uses: [...pkg.uses, 'jellyfish-network'] } : pkg));
    expect(mapProblems(withFalseEdge)).toEqual(['drawn but not a dependency: jellyfish-api-core -> jellyfish-network']);
    const withoutEdge = PACKAGES.map((pkg) => (pkg === api ? { ...pkg, uses: [] } : pkg));
    expect(mapProblems(withoutEdge)).toEqual(['a dependency the map does not draw: jellyfish-api-core -> jellyfish-json']);
  });

  it('points every arrow down, at a package on the map, and keeps boxes apart', () => {
    const byName = new Map(PACKAGES.map((pkg) => [pkg.name, pkg]));
    for (const pkg of PACKAGES) {
      for (const dep of pkg.uses) {
        const target = byName.get(dep);
        expect(target, `${pkg.name} -> ${dep}`).toBeDefined();
        expect(target!.row, `${pkg.name} sits above ${dep}`).toBeGreaterThan(pkg.row);
      }
    }
    for (const a of PACKAGES) {
      for (const b of PACKAGES) {
        if (a !== b && a.row === b.row) expect(Math.abs(a.column - b.column), `${a.name} and ${b.name}`).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
