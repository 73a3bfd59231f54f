// The package map of /ecosystem/: an inline SVG (themed by Infima variables), lighter than a Mermaid runtime. It is
// drawn from PACKAGES (./packages.ts): one box per @defichain package and one arrow per dependency it declares.
import type { ReactNode } from 'react';
import { FAMILIES, PACKAGES, type Family, type MapPackage } from './packages';
import styles from './styles.module.css';

const MARGIN = 12;
const BOX_WIDTH = 160;
const BOX_HEIGHT = 44;
const COLUMN = 188;
const ROW = 80;
/** Horizontal distance between the ends of arrows that leave or reach the same box. */
const SPREAD = 11;
const PREFIX = 'jellyfish-';

const FAMILY_CLASS: Record<Family, string | undefined> = {
  node: styles.node,
  ocean: styles.ocean,
  signing: styles.signing,
  wallet: styles.wallet,
  testing: styles.testing,
};

const byName = new Map(PACKAGES.map((pkg) => [pkg.name, pkg]));

function left(pkg: MapPackage): number {
  return MARGIN + pkg.column * COLUMN;
}

function top(pkg: MapPackage): number {
  return MARGIN + pkg.row * ROW;
}

function centre(pkg: MapPackage): number {
  return left(pkg) + BOX_WIDTH / 2;
}

interface Edge {
  from: MapPackage;
  to: MapPackage;
}

const EDGES: readonly Edge[] = PACKAGES.flatMap((from) =>
  from.uses.flatMap((name) => {
    const to = byName.get(name);
    return to === undefined ? [] : [{ from, to }];
  }),
);

/** Where along a box's edge the i-th of n arrows attaches, so arrows sharing a box do not overlap. */
function offset(index: number, count: number): number {
  return (index - (count - 1) / 2) * SPREAD;
}

function edgePath(edge: Edge): string {
  const leaving = EDGES.filter((e) => e.from === edge.from).sort((a, b) => centre(a.to) - centre(b.to));
  const arriving = EDGES.filter((e) => e.to === edge.to).sort((a, b) => centre(a.from) - centre(b.from));
  const x1 = centre(edge.from) + offset(leaving.indexOf(edge), leaving.length);
  const y1 = top(edge.from) + BOX_HEIGHT;
  const x2 = centre(edge.to) + offset(arriving.indexOf(edge), arriving.length);
  const y2 = top(edge.to) - 2;
  const bend = Math.min(44, (y2 - y1) / 2);
  return `M${x1} ${y1}C${x1} ${y1 + bend} ${x2} ${y2 - bend} ${x2} ${y2}`;
}

function PackageBox({ pkg }: { pkg: MapPackage }): ReactNode {
  const x = left(pkg);
  const y = top(pkg);
  const prefixed = pkg.name.startsWith(PREFIX);
  return (
    <g>
      <rect x={x} y={y} width={BOX_WIDTH} height={BOX_HEIGHT} rx="7" className={FAMILY_CLASS[pkg.family]} />
      {prefixed ? (
        <>
          <text x={x + BOX_WIDTH / 2} y={y + 17} className={styles.prefix}>
            {PREFIX}
          </text>
          <text x={x + BOX_WIDTH / 2} y={y + 34} className={styles.pkg}>
            {pkg.name.slice(PREFIX.length)}
          </text>
        </>
      ) : (
        <text x={x + BOX_WIDTH / 2} y={y + 27} className={styles.pkg}>
          {pkg.name}
        </text>
      )}
    </g>
  );
}

/** The dependencies in words, for screen readers. */
function describe(): string {
  return PACKAGES.map((pkg) =>
    pkg.uses.length === 0 ? `${pkg.name} depends on no other @defichain package.` : `${pkg.name} depends on ${pkg.uses.join(', ')}.`,
  ).join(' ');
}

export default function PackageMap(): ReactNode {
  const width = 2 * MARGIN + (Math.max(...PACKAGES.map((pkg) => pkg.column)) + 1) * COLUMN - (COLUMN - BOX_WIDTH);
  const height = 2 * MARGIN + Math.max(...PACKAGES.map((pkg) => pkg.row)) * ROW + BOX_HEIGHT;
  return (
    <figure className={styles.figure}>
      <div className={styles.scroller} tabIndex={0} role="region" aria-label="Package map, scrolls sideways on narrow screens">
        <svg className={styles.svg} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="package-map-title package-map-desc">
          <title id="package-map-title">Which @defichain package depends on which</title>
          <desc id="package-map-desc">{describe()}</desc>
          <defs>
            <marker id="package-map-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">
              <path d="M0 0 10 5 0 10z" className={styles.arrowHead} />
            </marker>
          </defs>
          {EDGES.map((edge) => (
            <path key={`${edge.from.name}>${edge.to.name}`} d={edgePath(edge)} className={styles.edge} markerEnd="url(#package-map-arrow)" />
          ))}
          {PACKAGES.map((pkg) => (
            <PackageBox key={pkg.name} pkg={pkg} />
          ))}
        </svg>
      </div>
      <figcaption className={styles.caption}>
        <ul className={styles.legend}>
          {FAMILIES.map(({ family, label }) => (
            <li key={family}>
              <span className={`${styles.swatch} ${FAMILY_CLASS[family] ?? ''}`} aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
        An arrow leads from a package to each <code>@defichain</code> package it lists as a dependency, so the packages
        at the bottom are the ones everything else rests on. Names are shown without their <code>@defichain/</code> scope.
      </figcaption>
    </figure>
  );
}
