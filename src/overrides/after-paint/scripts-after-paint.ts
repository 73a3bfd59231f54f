// Runs a page's deferred scripts (Docusaurus's webpack runtime and main bundle) only once the page has painted.
//
// A deferred script runs as soon as the document is parsed, and the browser often gets there before it has put the
// first frame on screen: the reader then waits for main.js to be evaluated (40-90 ms here, four times that on a slow
// phone) before seeing the server-rendered page that was already there. Here each deferred <script> becomes a preload
// (so the download still starts with the page's other requests) and a small inline script at the end of <body>
// appends them, in order, once the browser reports the first contentful paint. A hidden tab or a browser without
// paint timing runs them at once; if no paint is reported within 3 s, they run then. Run after
// src/overrides/after-paint/route-scripts.ts, before the security headers hash inline scripts.
import { Parser as HtmlParser } from 'htmlparser2';

/** How long the page waits for its first contentful paint before running its scripts anyway. */
export const PAINT_TIMEOUT_MS = 3000;

/**
 * The inline loader for `urls`, in plain ES5 so that any browser that runs the site runs it. Scripts it appends with
 * `async = false` run in the order given, like deferred ones.
 */
export function paintThenRun(urls: readonly string[]): string {
  return [
    '(function (urls) {',
    // Docusaurus's base-URL banner (home page) looks for window.docusaurus once the document is parsed, to tell
    // whether the bundle loaded; the bundle now runs later. A stand-in answers that check until the bundle replaces it,
    // and if a script fails to load, the stand-in goes and the banner is shown all the same.
    '  var standIn = {};',
    "  if (typeof window.docusaurus === 'undefined') window.docusaurus = standIn;",
    '  var started = false;',
    '  var failed = false;',
    '  function fail() {',
    '    if (failed) return;',
    '    failed = true;',
    '    if (window.docusaurus !== standIn) return;',
    '    delete window.docusaurus;',
    "    if (document.readyState !== 'loading' && typeof window.insertBanner === 'function') window.insertBanner();",
    '  }',
    '  function run() {',
    '    if (started) return;',
    '    started = true;',
    '    for (var i = 0; i < urls.length; i++) {',
    "      var script = document.createElement('script');",
    '      script.src = urls[i];',
    '      script.async = false;',
    '      script.onerror = fail;',
    '      document.head.appendChild(script);',
    '    }',
    '  }',
    '  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;',
    "  if (document.visibilityState === 'hidden' || !types || types.indexOf('paint') < 0) return run();",
    '  new PerformanceObserver(function (list, observer) {',
    "    if (list.getEntriesByName('first-contentful-paint').length === 0) return;",
    '    observer.disconnect();',
    '    run();',
    "  }).observe({ type: 'paint', buffered: true });",
    `  setTimeout(run, ${PAINT_TIMEOUT_MS});`,
    `})(${JSON.stringify(urls).replace(/</g, '\\u003c')});`,
  ].join('\n');
}

interface Span {
  start: number;
  end: number;
}

/**
 * `html` with its deferred external scripts turned into preloads, placed before its first script preload (or where the
 * first of them was), and run by {@link paintThenRun} from the end of <body>. Unchanged when it has none, so running it
 * twice changes nothing more.
 */
export function withScriptsAfterPaint(html: string): string {
  const deferred: Array<Span & { src: string }> = [];
  let firstPreload: number | undefined;
  let bodyEnd: number | undefined;
  let open: { src: string; start: number } | undefined;
  const parser = new HtmlParser(
    {
      onopentag(name, attributes) {
        const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        if (name === 'link' && rel.includes('preload') && attributes.as === 'script') firstPreload ??= parser.startIndex;
        const type = (attributes.type ?? '').trim().toLowerCase();
        const classic = type === '' || type === 'text/javascript' || type === 'application/javascript';
        if (name === 'script' && attributes.src && 'defer' in attributes && !('async' in attributes) && classic) {
          open = { src: attributes.src, start: parser.startIndex };
        }
      },
      onclosetag(name, isImplied) {
        if (name === 'script' && open !== undefined) {
          deferred.push({ ...open, end: parser.endIndex + 1 });
          open = undefined;
        }
        if (name === 'body' && !isImplied) bodyEnd = parser.startIndex;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const first = deferred[0];
  if (first === undefined) return html;
  const at = Math.min(firstPreload ?? first.start, first.start);
  const preloads = deferred.map(({ src }) => `<link rel="preload" href="${escapeAttribute(src)}" as="script">`).join('');
  const loader = `<script>${paintThenRun(deferred.map(({ src }) => src))}</script>`;
  // Rebuilt from the end so that earlier offsets stay valid.
  const edits: Array<Span & { text: string }> = [
    { start: bodyEnd ?? html.length, end: bodyEnd ?? html.length, text: loader },
    ...deferred.map(({ start, end }) => ({ start, end, text: '' })),
    { start: at, end: at, text: preloads },
  ].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = html;
  for (const edit of edits) out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  return out;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
