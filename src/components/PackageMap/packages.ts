// What the package map draws: every @defichain package of 4.0.7, where it sits, and the @defichain packages it
// depends on. tests/unit/package-map.test.ts compares `uses` with each package's own package.json.

export type Family = 'node' | 'ocean' | 'signing' | 'wallet' | 'testing';

export interface MapPackage {
  /** The npm name without the `@defichain/` scope. */
  name: string;
  family: Family;
  /** Row from the top (0) and column from the left (0); half columns are allowed. */
  row: number;
  column: number;
  /** The @defichain packages this one lists under `dependencies`, without the scope. */
  uses: readonly string[];
}

export const FAMILIES: readonly { family: Family; label: string }[] = [
  { family: 'node', label: 'Full-node client' },
  { family: 'ocean', label: 'Ocean clients' },
  { family: 'signing', label: 'Keys, addresses, transactions' },
  { family: 'wallet', label: 'Wallets' },
  { family: 'testing', label: 'Tests only' },
];

export const PACKAGES: readonly MapPackage[] = [
  { name: 'jellyfish-wallet-encrypted', family: 'wallet', row: 0, column: 1.5, uses: ['jellyfish-wallet-mnemonic'] },
  {
    name: 'jellyfish-testing',
    family: 'testing',
    row: 0,
    column: 2.5,
    uses: ['jellyfish-api-jsonrpc', 'jellyfish-crypto', 'jellyfish-network', 'testcontainers'],
  },
  { name: 'whale-api-wallet', family: 'wallet', row: 0, column: 3.5, uses: ['jellyfish-transaction-builder', 'jellyfish-wallet', 'whale-api-client'] },

  { name: 'jellyfish-wallet-mnemonic', family: 'wallet', row: 1, column: 1.5, uses: ['jellyfish-transaction', 'jellyfish-wallet'] },
  { name: 'testcontainers', family: 'testing', row: 1, column: 4, uses: ['jellyfish-network'] },

  { name: 'jellyfish-wallet-classic', family: 'wallet', row: 2, column: 0, uses: ['jellyfish-transaction', 'jellyfish-wallet'] },
  { name: 'whale-api-client', family: 'ocean', row: 2, column: 3.5, uses: ['jellyfish-api-core', 'jellyfish-api-jsonrpc'] },

  {
    name: 'jellyfish-wallet',
    family: 'wallet',
    row: 3,
    column: 1.5,
    uses: [
      'jellyfish-address',
      'jellyfish-crypto',
      'jellyfish-network',
      'jellyfish-transaction',
      'jellyfish-transaction-builder',
      'jellyfish-transaction-signature',
    ],
  },
  { name: 'jellyfish-api-jsonrpc', family: 'node', row: 3, column: 3, uses: ['jellyfish-api-core'] },
  { name: 'playground-api-client', family: 'ocean', row: 3, column: 4, uses: ['jellyfish-api-core', 'ocean-api-client'] },

  {
    name: 'jellyfish-transaction-builder',
    family: 'signing',
    row: 4,
    column: 0,
    uses: ['jellyfish-crypto', 'jellyfish-transaction', 'jellyfish-transaction-signature'],
  },
  { name: 'jellyfish-api-core', family: 'node', row: 4, column: 3.5, uses: ['jellyfish-json'] },

  { name: 'jellyfish-transaction-signature', family: 'signing', row: 5, column: 1, uses: ['jellyfish-buffer', 'jellyfish-crypto', 'jellyfish-transaction'] },
  { name: 'jellyfish-address', family: 'signing', row: 5, column: 3, uses: ['jellyfish-crypto', 'jellyfish-network', 'jellyfish-transaction'] },
  { name: 'jellyfish-block', family: 'signing', row: 5, column: 4, uses: ['jellyfish-buffer', 'jellyfish-transaction'] },

  { name: 'jellyfish-transaction', family: 'signing', row: 6, column: 0, uses: ['jellyfish-buffer', 'jellyfish-crypto'] },
  { name: 'ocean-api-client', family: 'ocean', row: 6, column: 4, uses: [] },

  { name: 'jellyfish-buffer', family: 'signing', row: 7, column: 0.5, uses: [] },
  { name: 'jellyfish-crypto', family: 'signing', row: 7, column: 1.5, uses: [] },
  { name: 'jellyfish-network', family: 'signing', row: 7, column: 2.5, uses: [] },
  { name: 'jellyfish-json', family: 'node', row: 7, column: 3.5, uses: [] },
];
