// The package map of /ecosystem/: an inline SVG (themed by Infima variables), lighter than a Mermaid runtime. It is
// drawn from PACKAGES (./packages.ts): one box per @defichain package and one arrow per dependency it declares.
import type { ReactNode } from 'react';
import { BOX_HEIGHT, BOX_WIDTH, layOut, type PlacedBox } from './geometry';
import { FAMILIES, PACKAGES, type Family } from './packages';
import styles from './styles.module.css';

const PREFIX = 'jellyfish-';

const FAMILY_CLASS: Record<Family, string | undefined> = {
  node: styles.node,
  ocean: styles.ocean,
  signing: styles.signing,
  wallet: styles.wallet,
  testing: styles.testing,
};

const LAYOUT = layOut(PACKAGES);

function PackageBox({ box }: { box: PlacedBox }): ReactNode {
  const { pkg, x, y } = box;
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
  const { width, height, boxes, edges } = LAYOUT;
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
          {edges.map((edge) => (
            <path key={`${edge.from}>${edge.to}`} d={edge.d} className={styles.edge} markerEnd="url(#package-map-arrow)" />
          ))}
          {boxes.map((box) => (
            <PackageBox key={box.pkg.name} box={box} />
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
        An arrow leads from a package to each <code>@defichain</code> package it lists as a dependency, so the packages at the bottom are the ones everything
        else rests on; an arrow that would cross a box runs along the gaps instead. Names are shown without their <code>@defichain/</code> scope.
      </figcaption>
    </figure>
  );
}
