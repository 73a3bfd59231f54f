// The package map of /ecosystem/: an inline SVG (themed by Infima variables), lighter than a Mermaid runtime.
import type { ReactNode } from 'react';
import styles from './styles.module.css';

interface Layer {
  title: string;
  lines: readonly string[];
}

const WIDTH = 640;
const MARGIN = 10;
const GAP = 14;
const LINE = 22;
const ARROW = 36;
const HALF = (WIDTH - 2 * MARGIN - GAP) / 2;

/** Package groups, drawn two to a row between the application and the shared packages. */
const GROUPS: readonly Layer[] = [
  { title: 'Talk to a full node', lines: ['jellyfish-api-jsonrpc', 'jellyfish-api-core'] },
  { title: 'Read indexed chain data', lines: ['whale-api-client', 'ocean-api-client', 'playground-api-client'] },
  {
    title: 'Build and sign',
    lines: [
      'jellyfish-transaction-builder',
      'jellyfish-transaction-signature',
      'jellyfish-transaction',
      'jellyfish-block',
      'jellyfish-buffer',
    ],
  },
  {
    title: 'Keys and wallets',
    lines: [
      'jellyfish-wallet',
      'jellyfish-wallet-mnemonic',
      'jellyfish-wallet-encrypted',
      'jellyfish-wallet-classic',
      'whale-api-wallet',
      'jellyfish-crypto',
      'jellyfish-address',
    ],
  },
];

const SHARED: Layer = {
  title: 'Shared by all',
  lines: ['jellyfish-json: numbers at the precision you ask for', 'jellyfish-network: mainnet, testnet, regtest, devnet, changi'],
};

const TESTING: Layer = {
  title: 'In your test suite',
  lines: ['jellyfish-testing: ready-made fixtures, built on', 'testcontainers: defid nodes in Docker'],
};

function boxHeight(lines: number): number {
  return 34 + lines * LINE;
}

interface BoxProps {
  layer: Layer;
  x: number;
  y: number;
  width: number;
  height: number;
  className: string | undefined;
}

function Box({ layer, x, y, width, height, className }: BoxProps): ReactNode {
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx="8" className={className} />
      <text x={x + 12} y={y + 22} className={styles.groupTitle}>
        {layer.title}
      </text>
      {layer.lines.map((line, index) => (
        <text key={line} x={x + 12} y={y + 46 + index * LINE} className={styles.pkg}>
          {line}
        </text>
      ))}
    </g>
  );
}

function Arrow({ y }: { y: number }): ReactNode {
  return <line x1={WIDTH / 2} y1={y} x2={WIDTH / 2} y2={y + ARROW - 6} className={styles.edge} markerEnd="url(#package-map-arrow)" />;
}

export default function PackageMap(): ReactNode {
  const appHeight = 44;
  let y = MARGIN + appHeight;
  const arrowToGroups = y;
  y += ARROW;
  const rows: { layer: Layer; x: number; y: number; height: number }[] = [];
  for (let i = 0; i < GROUPS.length; i += 2) {
    const pair = GROUPS.slice(i, i + 2);
    const height = boxHeight(Math.max(...pair.map((g) => g.lines.length)));
    pair.forEach((layer, column) => rows.push({ layer, x: MARGIN + column * (HALF + GAP), y, height }));
    y += height + GAP;
  }
  const arrowToShared = y - GAP;
  y = arrowToShared + ARROW;
  const sharedY = y;
  y += boxHeight(SHARED.lines.length) + GAP * 2;
  const testingY = y;
  const total = testingY + boxHeight(TESTING.lines.length) + MARGIN;

  return (
    <figure className={styles.figure}>
      <div className={styles.scroller} tabIndex={0} role="region" aria-label="Package map, scrolls sideways on narrow screens">
        <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${total}`} role="img" aria-labelledby="package-map-title package-map-desc">
          <title id="package-map-title">How the @defichain packages fit together</title>
          <desc id="package-map-desc">
            Your application sits on four groups of packages: the full node clients, the Ocean clients, the
            transaction builders and the wallets. All of them share jellyfish-json and jellyfish-network. The
            testing packages start throwaway nodes for your test suite.
          </desc>
          <defs>
            <marker id="package-map-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
              <path d="M0 0 10 5 0 10z" className={styles.arrowHead} />
            </marker>
          </defs>
          <rect x={MARGIN} y={MARGIN} width={WIDTH - 2 * MARGIN} height={appHeight} rx="10" className={styles.app} />
          <text x={WIDTH / 2} y={MARGIN + 28} className={styles.appLabel}>
            Your application
          </text>
          <Arrow y={arrowToGroups} />
          {rows.map((row) => (
            <Box key={row.layer.title} layer={row.layer} x={row.x} y={row.y} width={HALF} height={row.height} className={styles.group} />
          ))}
          <Arrow y={arrowToShared} />
          <Box layer={SHARED} x={MARGIN} y={sharedY} width={WIDTH - 2 * MARGIN} height={boxHeight(SHARED.lines.length)} className={styles.foundation} />
          <Box layer={TESTING} x={MARGIN} y={testingY} width={WIDTH - 2 * MARGIN} height={boxHeight(TESTING.lines.length)} className={styles.testing} />
        </svg>
      </div>
      <figcaption className={styles.caption}>
        Package names are shown without their <code>@defichain/</code> scope. Each layer builds on the one below it;
        the dashed box is for development only.
      </figcaption>
    </figure>
  );
}
