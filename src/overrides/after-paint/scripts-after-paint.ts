// Runs a page's scripts (Docusaurus's webpack runtime and main bundle) only once the page has painted, and asks for
// them only then.
//
// A deferred script runs as soon as the document is parsed, and the browser often gets there before it has put the
// first frame on screen: the reader then waits for main.js to be evaluated (40-90 ms here, four times that on a slow
// phone) before seeing the server-rendered page that was already there. The site's HTML template (Docusaurus's public
// `ssrTemplate` option, written by {@link afterPaintTemplate}) therefore names the scripts in an attribute of a small
// inline script at the end of <body>, which appends them, in order, once the browser reports the first contentful
// paint. A hidden tab or a browser without paint timing runs them at once; if no paint is reported within 3 s, they
// run then.
//
// Nor are they downloaded before that paint, not even as preloads from <head>: on a slow connection some 150 KiB of
// script would share the line with the stylesheet and the page, and Lighthouse's simulation counts every request that
// started before the largest paint towards it (LCP about 2.3 s with the scripts preloaded against 1.0 s for the same
// page without scripts, BENCHMARKS.md). The page's route chunks, which the site-output plugin names in
// the same script's `data-preload` attribute (src/overrides/after-paint/route-scripts.ts), are preloaded at the same
// moment, so that they still arrive with the bundles rather than after main.js asks for them.

/** How many route chunks the loader asks for in one task (see loaderSource). */
export const PRELOADS_PER_TASK = 4;

/** The attributes of the loader's <script> that name what it runs (in order) and what it preloads. */
export const RUN_ATTRIBUTE = 'data-run';
export const PRELOAD_ATTRIBUTE = 'data-preload';

/** How long the page waits for its first contentful paint before running its scripts anyway. */
export const PAINT_TIMEOUT_MS = 3000;

/** Stands for the base URL in {@link loaderSource}. */
const BASE = '__AFTER_PAINT_BASE__';

/** The id of the banner the loader shows when a script does not load. */
export const LOAD_FAILURE_BANNER_ID = 'site-load-failure-banner';

/**
 * The inline loader, in plain ES5 so that any browser that runs the site runs it, with `base` as the source text of
 * the site's base URL. It reads the URLs from its own element's attributes (space-separated, as the template and
 * the site-output plugin write them), so that its text, and with it the hash the Content-Security-Policy allows, is
 * the same on every page. Scripts it appends with `async = false` run in the order given, like deferred ones. If one
 * does not load (a site served under another path than its base URL, most often), it puts a red banner above the
 * page that says so: Docusaurus's own banner, which checks whether the bundle has run by the time the document is
 * parsed, cannot tell when the bundle runs after the paint.
 */
function loaderSource(base: string): string {
  return [
    '(function (base) {',
    '  var self = document.currentScript;',
    '  function urls(name) {',
    '    var value = self && self.getAttribute(name);',
    "    return value ? value.split(' ') : [];",
    '  }',
    `  var run = urls('${RUN_ATTRIBUTE}');`,
    `  var preload = urls('${PRELOAD_ATTRIBUTE}');`,
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
    '  function start() {',
    '    if (started) return;',
    '    started = true;',
    '    for (var i = 0; i < run.length; i++) {',
    "      var script = document.createElement('script');",
    '      script.src = run[i];',
    '      script.async = false;',
    '      script.onerror = fail;',
    '      document.head.appendChild(script);',
    '    }',
    '    setTimeout(preloadSome, 0);',
    '  }',
    // A few requests per task: starting a request costs the renderer 0.2-0.8 ms here (more under DevTools), so the
    // fourteen of a reference page in one task made it 11-30 ms long, a long task at Lighthouse's 4x. A chunk that
    // fails here is asked for again by webpack, whose own error the chunk-error retry handles.
    '  var next = 0;',
    '  function preloadSome() {',
    `    for (var n = 0; n < ${PRELOADS_PER_TASK} && next < preload.length; n++, next++) {`,
    "      var link = document.createElement('link');",
    "      link.rel = 'preload';",
    "      link.as = 'script';",
    '      link.href = preload[next];',
    '      document.head.appendChild(link);',
    '    }',
    '    if (next < preload.length) setTimeout(preloadSome, 0);',
    '  }',
    '  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;',
    "  if (document.visibilityState === 'hidden' || !types || types.indexOf('paint') < 0) return start();",
    '  new PerformanceObserver(function (list, observer) {',
    "    if (list.getEntriesByName('first-contentful-paint').length === 0) return;",
    '    observer.disconnect();',
    '    start();',
    "  }).observe({ type: 'paint', buffered: true });",
    `  setTimeout(start, ${PAINT_TIMEOUT_MS});`,
    `})(${base});`,
  ].join('\n');
}

/** JSON that an inline script can hold: no `<` that could close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The loader of a site at `baseUrl`, as the template writes it into every page (the same text on every page). */
export function paintThenRun(baseUrl = '/'): string {
  return loaderSource(scriptJson(baseUrl));
}

/**
 * The site's HTML template, for Docusaurus's `ssrTemplate` option (an Eta template; `it` is what Docusaurus hands
 * every page). It writes what the default template writes, except that the page's scripts are not in <head>: the
 * loader above, given the base URL, ends <body>, and its `data-run` attribute names the scripts. The loader shows
 * the banner for a site that did not load, in place of Docusaurus's (`baseUrlIssueBanner` is off with the template,
 * ./index.ts).
 */
export function afterPaintTemplate(): string {
  const [before, after] = loaderSource(BASE).split(BASE) as [string, string];
  const base = `JSON.stringify(it.baseUrl).replace(/</g, '\\\\u003c')`;
  // Webpack's file names hold no space; the attribute is escaped as any other.
  const run = `it.scripts.map((file) => it.baseUrl + file).join(' ')`;
  return [
    '<!DOCTYPE html>',
    '<html <%~ it.htmlAttributes %>>',
    '<head>',
    '<meta charset="UTF-8">',
    '<meta name="generator" content="Docusaurus v<%= it.version %>">',
    '<% it.metaAttributes.forEach((tag) => { %><%~ tag %><% }) %>',
    '<%~ it.headTags %>',
    '<% it.stylesheets.forEach((file) => { %><link rel="stylesheet" href="<%= it.baseUrl %><%= file %>"><% }) %>',
    '</head>',
    '<body <%~ it.bodyAttributes %>>',
    '<%~ it.preBodyTags %>',
    '<div id="__docusaurus"><%~ it.appHtml %></div>',
    '<%~ it.postBodyTags %>',
    `<script ${RUN_ATTRIBUTE}="<%= ${run} %>"><%~ ${JSON.stringify(before)} + ${base} + ${JSON.stringify(after)} %></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
