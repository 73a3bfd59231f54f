// Every folder and file `npm run generate` writes, in one list. The generator writes only inside these (a write
// elsewhere fails the run) and, after a run, removes from each folder the files that run did not write; the search
// index treats the pages under them as generated and the rest of docs/ as hand-written. Git and Prettier cannot read
// TypeScript, so .gitignore and .prettierignore each hold a copy of the paths in a block of their own, which
// tests/unit/generated-outputs.test.ts compares with this list both ways.

export interface GeneratedOutput {
  /** From the site's root, with forward slashes; a folder's path ends in `/`. */
  readonly path: string;
  /**
   * `folder`: wholly generated, every file below it included, so that a hand-written file does not belong there (a
   * run would delete it). `file`: one file, written whole by every run, in a folder that also holds hand-written files.
   */
  readonly kind: 'folder' | 'file';
  /** What writes it: the generator's modules that make its content. */
  readonly writer: string;
}

export const GENERATED_OUTPUTS = {
  rpcPages: {
    path: 'docs/node/jellyfish/api/',
    kind: 'folder',
    writer: 'generator/render/rpc-page.ts: a page per ApiClient category and the categories partial',
  },
  rpcReleases: {
    path: 'docs/node/releases/',
    kind: 'folder',
    writer: 'generator/render/release-page.ts: a page per major line of jellyfish-api-core',
  },
  oceanPages: {
    path: 'docs/ocean/reference/',
    kind: 'folder',
    writer: 'generator/render/ocean-page.ts: a page per WhaleApiClient category and the categories partial',
  },
  oceanReleases: {
    path: 'docs/ocean/releases/',
    kind: 'folder',
    writer: 'generator/render/release-page.ts: a page per major line of whale-api-client',
  },
  customTxPages: {
    path: 'docs/ecosystem/custom-transactions/',
    kind: 'folder',
    writer: 'generator/render/custom-tx-page.ts: the overview and a page per family of custom transactions',
  },
  sdkPages: {
    path: 'docs/ecosystem/packages/',
    kind: 'folder',
    writer:
      'generator/render/sdk-page.ts and release-page.ts: a page (or a folder of pages) per package of the ecosystem area, the partials of the package overview, and releases/',
  },
  sdkTestingPages: {
    path: 'docs/testing/packages/',
    kind: 'folder',
    writer: 'generator/render/sdk-page.ts: the pages of the testing packages',
  },
  data: {
    path: 'generated/',
    kind: 'folder',
    writer:
      'generator/cli.ts: the models, the example copies (examples/), the page data (pages/), and generator/emit: the symbol index, the token stylesheet, the error groups',
  },
  openRpc: {
    path: 'static/node/openrpc.json',
    kind: 'file',
    writer: 'generator/emit/openrpc.ts: the OpenRPC document served at /node/openrpc.json',
  },
  openApi: {
    path: 'static/ocean/openapi.json',
    kind: 'file',
    writer: 'generator/emit/openapi.ts: the OpenAPI document served at /ocean/openapi.json',
  },
} as const satisfies Record<string, GeneratedOutput>;

/** The list's entries, in its order. */
export const GENERATED_OUTPUT_LIST: readonly GeneratedOutput[] = Object.values(GENERATED_OUTPUTS);

/** Whether a path (from the site's root, forward slashes) is generated: a listed file, or in a listed folder. */
export function isGenerated(relativePath: string): boolean {
  return GENERATED_OUTPUT_LIST.some((output) => (output.kind === 'folder' ? relativePath.startsWith(output.path) : relativePath === output.path));
}
