// Runs a page's scripts (Docusaurus's webpack runtime and main bundle) only once the page has painted.
//
// A deferred script runs as soon as the document is parsed, and the browser often gets there before it has put the
// first frame on screen: the reader then waits for main.js to be evaluated (40-90 ms here, four times that on a slow
// phone) before seeing the server-rendered page that was already there. The site's HTML template (Docusaurus's public
// `ssrTemplate` option, written by {@link afterPaintTemplate}) therefore names the scripts as preloads, so that the
// download still starts with the page's other requests, and ends <body> with a small inline script that appends them,
// in order, once the browser reports the first contentful paint. A hidden tab or a browser without paint timing runs
// them at once; if no paint is reported within 3 s, they run then.

/** How long the page waits for its first contentful paint before running its scripts anyway. */
export const PAINT_TIMEOUT_MS = 3000;

/** Stand for the list of script URLs and for the base URL in {@link loaderSource}. */
const URLS = '__AFTER_PAINT_URLS__';
const BASE = '__AFTER_PAINT_BASE__';

/** The id of the banner the loader shows when a script does not load. */
export const LOAD_FAILURE_BANNER_ID = 'site-load-failure-banner';

/**
 * The inline loader, in plain ES5 so that any browser that runs the site runs it, with `urls` and `base` as the source
 * text of its array of script URLs and of the site's base URL. Scripts it appends with `async = false` run in the
 * order given, like deferred ones. If one does not load (a site served under another path than its base URL, most
 * often), it puts a red banner above the page that says so: Docusaurus's own banner, which checks whether the bundle
 * has run by the time the document is parsed, cannot tell now that the bundle runs after the paint.
 */
function loaderSource(urls: string, base: string): string {
  return [
    '(function (urls, base) {',
    '  var started = false;',
    '  var failed = false;',
    '  function line(text, style) {',
    "    var p = document.createElement('p');",
    '    p.textContent = text;',
    '    p.style.cssText = style;',
    '    return p;',
    '  }',
    '  function fail() {',
    '    if (failed) return;',
    '    failed = true;',
    "    var banner = document.createElement('div');",
    `    banner.id = '${LOAD_FAILURE_BANNER_ID}';`,
    "    banner.setAttribute('role', 'alert');",
    "    banner.style.cssText = 'border: 6px solid red; background: #fff4d6; color: #1c1e21; margin: 20px; padding: 20px; font-size: 20px';",
    "    banner.appendChild(line('Your site did not load properly.', 'font-weight: bold; font-size: 28px; margin: 0 0 12px'));",
    "    banner.appendChild(line('Its scripts could not be fetched from ' + base + 'assets/. The usual cause is a site served under another path than the base URL it was built for (' + base + '); this page is at ' + location.pathname + '.', 'margin: 0'));",
    '    document.body.insertBefore(banner, document.body.firstChild);',
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
    `})(${urls}, ${base});`,
  ].join('\n');
}

/** JSON that an inline script can hold: no `<` that could close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The loader for `urls` of a site at `baseUrl`, as the template writes it into every page. */
export function paintThenRun(urls: readonly string[], baseUrl = '/'): string {
  return loaderSource(scriptJson(urls), scriptJson(baseUrl));
}

/**
 * The site's HTML template, for Docusaurus's `ssrTemplate` option (an Eta template; `it` is what Docusaurus hands
 * every page). It writes what the default template writes, except that the page's scripts are preloads and the
 * loader above, fed with their URLs and the base URL, ends <body>. The loader shows the banner for a site that did not
 * load, in place of Docusaurus's (`baseUrlIssueBanner` is off while the overrides are on, docusaurus.config.ts).
 */
export function afterPaintTemplate(): string {
  const [before, rest] = loaderSource(URLS, BASE).split(URLS) as [string, string];
  const [between, after] = rest.split(BASE) as [string, string];
  const json = (value: string): string => `JSON.stringify(${value}).replace(/</g, '\\\\u003c')`;
  const urls = `${json('it.scripts.map((file) => it.baseUrl + file)')} + ${JSON.stringify(between)} + ${json('it.baseUrl')}`;
  return [
    '<!DOCTYPE html>',
    '<html <%~ it.htmlAttributes %>>',
    '<head>',
    '<meta charset="UTF-8">',
    '<meta name="generator" content="Docusaurus v<%= it.version %>">',
    '<% it.metaAttributes.forEach((tag) => { %><%~ tag %><% }) %>',
    '<%~ it.headTags %>',
    '<% it.stylesheets.forEach((file) => { %><link rel="stylesheet" href="<%= it.baseUrl %><%= file %>"><% }) %>',
    '<% it.scripts.forEach((file) => { %><link rel="preload" href="<%= it.baseUrl %><%= file %>" as="script"><% }) %>',
    '</head>',
    '<body <%~ it.bodyAttributes %>>',
    '<%~ it.preBodyTags %>',
    '<div id="__docusaurus"><%~ it.appHtml %></div>',
    '<%~ it.postBodyTags %>',
    `<script><%~ ${JSON.stringify(before)} + ${urls} + ${JSON.stringify(after)} %></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
