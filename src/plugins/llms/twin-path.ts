// Where a page's Markdown twin lives; shared by the build plugin and the page's copy button, so keep it tiny.

/**
 * The URL path of a page's Markdown twin: the page's path without its trailing slash, plus `.md`.
 * `/node/design` → `/node/design.md`; an area's overview `/ecosystem/` → `/ecosystem.md`; `/` → `/index.md`.
 * The same string is the twin's file path under build/, so any static file server serves it as it is.
 */
export function twinPath(route: string): string {
  const pathname = route.split(/[?#]/)[0] ?? '';
  const trimmed = pathname.replace(/\/+$/, '');
  return `${trimmed === '' ? '/index' : trimmed}.md`;
}
