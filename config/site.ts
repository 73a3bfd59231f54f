// Constants of the site shared by the Docusaurus config, scripts and tests.

export const SITE_URL = 'https://jellyfishsdk.com';
export const REPOSITORY_URL = 'https://github.com/BirthdayResearch/jellyfishsdk';
export const LICENSE_URL = `${REPOSITORY_URL}/blob/main/LICENSE`;

/** One docs plugin instance per area of SPEC §2; `ecosystem` is the default instance. */
export interface DocsArea {
  id: string;
  routeBasePath: string;
}

export const DEFAULT_DOCS_AREA: DocsArea = { id: 'default', routeBasePath: 'ecosystem' };

export const DOCS_AREAS: readonly DocsArea[] = [
  DEFAULT_DOCS_AREA,
  { id: 'node', routeBasePath: 'node' },
  { id: 'ocean', routeBasePath: 'ocean' },
  { id: 'testing', routeBasePath: 'testing' },
  { id: 'legacy', routeBasePath: 'legacy' },
];

/** Bump the id whenever the message changes, so readers who dismissed the old one see the new one. */
export const ANNOUNCEMENT_ID = 'sdk-4-0-7-references';

/** Suggestions the search bar lists at most (the local-search plugin's `searchResultLimits`). */
export const SEARCH_RESULT_LIMITS = 8;

/**
 * The public Ocean the transaction inspector (/ecosystem/inspect) fetches a transaction from when the reader asks: the
 * one origin besides the site's own that the Content-Security-Policy lets a page connect to (server/security-headers.ts).
 */
export const PUBLIC_OCEAN_ORIGIN = 'https://mainnet.ocean.jellyfishsdk.com';
