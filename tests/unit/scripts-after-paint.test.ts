// Scripts that wait for the first paint (src/overrides/after-paint/scripts-after-paint.ts): the HTML template that
// Docusaurus renders every page with, and the inline loader run against a stand-in for the browser's document, paint
// timing and timers.
import vm from 'node:vm';
import * as eta from 'eta';
import { describe, expect, it } from 'vitest';
import { referencedAssets } from '../../src/overrides/after-paint/route-chunks';
import { withRouteScripts } from '../../src/overrides/after-paint/route-scripts';
import {
  LOAD_FAILURE_BANNER_ID,
  PAINT_TIMEOUT_MS,
  PRELOADS_PER_TASK,
  afterPaintTemplate,
  paintThenRun,
} from '../../src/overrides/after-paint/scripts-after-paint';
import { inlineScripts } from '../../server/security-headers';

const RUNTIME = '/assets/js/runtime~main.11a30d4c.js';
const MAIN = '/assets/js/main.bc3d26a5.js';

/** The page Docusaurus renders with the template: compiled and called the way its SSG does (Eta, whitespace removed). */
function renderPage(overrides: Record<string, unknown> = {}): string {
  const template = eta.compile(afterPaintTemplate().trim(), { rmWhitespace: true });
  const data = {
    appHtml: '<p>Text</p>',
    baseUrl: '/',
    htmlAttributes: 'lang="en" dir="ltr"',
    bodyAttributes: 'class="navigation-with-keyboard"',
    headTags: '<script type="application/ld+json">{"a":1}</script>',
    preBodyTags: '<script>document.documentElement.dataset.x="1"</script>',
    postBodyTags: '',
    metaAttributes: ['<title data-rh="true">Page</title>'],
    scripts: [RUNTIME.slice(1), MAIN.slice(1)],
    stylesheets: ['assets/css/styles.ca3d4559.css'],
    noIndex: false,
    version: '3.10.2',
    ...overrides,
  };
  return template(data, eta.defaultConfig);
}

describe('the page template', () => {
  it('names no script in <head>, and ends <body> with the loader, which names the scripts in its data-run attribute', () => {
    const html = renderPage();
    expect(html).toContain('<link rel="stylesheet" href="/assets/css/styles.ca3d4559.css"></head>');
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toMatch(/<link[^>]* rel="preload"/);
    expect(referencedAssets(html).scripts).toEqual([RUNTIME, MAIN]);
    const scripts = inlineScripts(html);
    expect(scripts).toEqual(['document.documentElement.dataset.x="1"', paintThenRun('/')]);
    expect(html).toMatch(
      new RegExp(
        `<div id="__docusaurus"><p>Text</p></div>\\s*<script data-run="${RUNTIME} ${MAIN}">${paintThenRun().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>\\s*</body>\\s*</html>$`,
      ),
    );
  });

  it('writes the same loader on every page, so that one hash in the Content-Security-Policy allows it', () => {
    const one = inlineScripts(renderPage()).at(-1);
    const other = inlineScripts(renderPage({ scripts: ['assets/js/runtime~main.0000.js', 'assets/js/main.1111.js'] })).at(-1);
    expect(other).toBe(one);
  });

  it('keeps what the default template writes: attributes, meta tags, head and body tags', () => {
    const html = renderPage();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    for (const kept of [
      '<html lang="en" dir="ltr">',
      '<meta charset="UTF-8">',
      '<meta name="generator" content="Docusaurus v3.10.2">',
      '<title data-rh="true">Page</title>',
      '<script type="application/ld+json">{"a":1}</script>',
      '<body class="navigation-with-keyboard">',
    ]) {
      expect(html).toContain(kept);
    }
  });

  it('prefixes the base URL, and keeps a script URL or the base URL from closing the inline script or attribute early', () => {
    const html = renderPage({ baseUrl: '/docs/', scripts: ['assets/js/a"</script>.js'] });
    expect(html).toContain('<script data-run="/docs/assets/js/a&quot;&lt;/script&gt;.js">');
    expect(referencedAssets(html).scripts).toEqual(['/docs/assets/js/a"</script>.js']);
    expect(inlineScripts(html).at(-1)).toBe(paintThenRun('/docs/'));
    expect(paintThenRun('/a</script>/')).not.toContain('</script>');
  });

  it('names the route chunks src/overrides/after-paint/route-scripts.ts adds after the runtime and main bundle, in the loader', () => {
    const html = withRouteScripts(renderPage(), ['assets/js/5e95c892.650461f0.js', 'assets/js/main.bc3d26a5.js']);
    expect(html).toContain(`<script data-preload="/assets/js/5e95c892.650461f0.js" data-run="${RUNTIME} ${MAIN}">`);
    expect(referencedAssets(html).scripts).toEqual([RUNTIME, MAIN, '/assets/js/5e95c892.650461f0.js']);
    expect(inlineScripts(html).at(-1)).toBe(paintThenRun('/'));
  });
});

interface FakeScript {
  src: string;
  async: boolean;
  onerror?: () => void;
  /** Set on the links the loader makes. */
  rel?: string;
  as?: string;
  href?: string;
}

/** An element the loader builds its banner from: its id, role, text and children are what a reader would get. */
interface FakeElement {
  id: string;
  textContent: string;
  style: { cssText: string };
  attributes: Record<string, string>;
  children: FakeElement[];
  setAttribute(name: string, value: string): void;
  appendChild(child: FakeElement): void;
}

function fakeElement(): FakeElement & FakeScript {
  const element = {
    id: '',
    textContent: '',
    style: { cssText: '' },
    attributes: {} as Record<string, string>,
    children: [] as FakeElement[],
    src: '',
    async: true,
    setAttribute(name: string, value: string) {
      element.attributes[name] = value;
    },
    appendChild(child: FakeElement) {
      element.children.push(child);
    },
  };
  return element;
}

interface Stage {
  appended: Array<{ src: string; async: boolean }>;
  /** The preloads the loader appended: their URLs. */
  preloaded: string[];
  scripts: FakeScript[];
  window: { docusaurus?: unknown };
  /** What the loader put at the top of <body>. */
  banners: FakeElement[];
  paint(): void;
  advance(ms: number): void;
}

/** The attributes of the loader's own <script>, as the template and the site-output plugin write them. */
const LOADER_ATTRIBUTES: Record<string, string> = { 'data-run': `${RUNTIME} ${MAIN}`, 'data-preload': '/docs/assets/js/a.js /docs/assets/js/b.js' };

/**
 * Runs the loader with a document in `visibility`, optionally without paint timing, and reports what it appends.
 * `attributes` are its own element's (document.currentScript).
 */
function stage(visibility: 'visible' | 'hidden', withPaintTiming = true, attributes: Record<string, string> = LOADER_ATTRIBUTES): Stage {
  const appended: Array<{ src: string; async: boolean }> = [];
  const preloaded: string[] = [];
  const scripts: FakeScript[] = [];
  const banners: FakeElement[] = [];
  const observers: Array<{ callback: (list: unknown, observer: unknown) => void; connected: boolean }> = [];
  const timers: Array<{ at: number; run: () => void }> = [];
  let now = 0;
  class FakeObserver {
    static supportedEntryTypes = withPaintTiming ? ['paint', 'largest-contentful-paint'] : ['resource'];
    private readonly entry: { callback: (list: unknown, observer: unknown) => void; connected: boolean };
    constructor(callback: (list: unknown, observer: unknown) => void) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(): void {
      this.entry.connected = true;
    }
    disconnect(): void {
      this.entry.connected = false;
    }
  }
  const window: Record<string, unknown> = {
    PerformanceObserver: FakeObserver,
    document: {
      visibilityState: visibility,
      readyState: 'interactive',
      createElement: () => fakeElement(),
      body: { firstChild: null, insertBefore: (element: FakeElement) => banners.unshift(element) },
      head: {
        appendChild: (element: FakeScript) => {
          if (element.rel === 'preload') {
            expect(element.as).toBe('script');
            preloaded.push(element.href ?? '');
            return;
          }
          scripts.push(element);
          appended.push({ src: element.src, async: element.async });
        },
      },
      currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    },
    location: { pathname: '/docs/node/design' },
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  };
  vm.runInNewContext(paintThenRun('/docs/'), { ...window, window });
  const deliver = (names: string[]): void => {
    const list = { getEntriesByName: (name: string) => names.filter((entry) => entry === name) };
    for (const observer of observers) {
      if (observer.connected) observer.callback(list, { disconnect: () => (observer.connected = false) });
    }
  };
  return {
    appended,
    preloaded,
    scripts,
    window,
    get banners() {
      return banners;
    },
    paint() {
      deliver(['first-paint']);
      deliver(['first-contentful-paint']);
    },
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((candidate) => candidate.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
  };
}

describe('the inline loader', () => {
  it('appends nothing before the first contentful paint, then every script once, in order, and preloads the route chunks in later tasks', () => {
    const page = stage('visible');
    page.advance(PAINT_TIMEOUT_MS - 1);
    expect(page.appended).toEqual([]);
    expect(page.preloaded).toEqual([]);
    page.paint();
    expect(page.appended).toEqual([
      { src: RUNTIME, async: false },
      { src: MAIN, async: false },
    ]);
    expect(page.preloaded).toEqual([]);
    page.advance(0);
    expect(page.preloaded).toEqual(['/docs/assets/js/a.js', '/docs/assets/js/b.js']);
    page.advance(PAINT_TIMEOUT_MS);
    page.paint();
    expect(page.appended).toHaveLength(2);
    expect(page.preloaded).toHaveLength(2);
  });

  it(`asks for at most ${PRELOADS_PER_TASK} route chunks per task, in order`, () => {
    const chunks = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, index) => `/assets/js/chunk${index}.js`);
    const page = stage('visible', true, { 'data-run': MAIN, 'data-preload': chunks.join(' ') });
    page.paint();
    const seen: number[] = [];
    for (let task = 0; task < 4; task += 1) {
      page.advance(0);
      seen.push(page.preloaded.length);
    }
    expect(seen).toEqual([PRELOADS_PER_TASK, 2 * PRELOADS_PER_TASK, chunks.length, chunks.length]);
    expect(page.preloaded).toEqual(chunks);
  });

  it('runs what its attributes name, and nothing when they name nothing', () => {
    const bare = stage('visible', true, { 'data-run': MAIN });
    bare.paint();
    expect(bare.appended.map(({ src }) => src)).toEqual([MAIN]);
    expect(bare.preloaded).toEqual([]);
    const none = stage('visible', true, {});
    none.paint();
    expect(none.appended).toEqual([]);
  });

  it('runs the scripts anyway when no contentful paint is reported in time', () => {
    const page = stage('visible');
    page.advance(PAINT_TIMEOUT_MS);
    expect(page.appended.map(({ src }) => src)).toEqual([RUNTIME, MAIN]);
  });

  it('runs the scripts at once in a hidden tab or a browser without paint timing', () => {
    expect(stage('hidden').appended.map(({ src }) => src)).toEqual([RUNTIME, MAIN]);
    expect(stage('visible', false).appended.map(({ src }) => src)).toEqual([RUNTIME, MAIN]);
  });

  it('puts one banner above the page when a script does not load, saying where the page and the scripts are', () => {
    const loads = stage('visible');
    loads.paint();
    expect(loads.banners).toEqual([]);

    const fails = stage('visible');
    fails.paint();
    fails.scripts[0]?.onerror?.();
    fails.scripts[1]?.onerror?.();
    expect(fails.banners).toHaveLength(1);
    const banner = fails.banners[0] as FakeElement;
    expect(banner.id).toBe(LOAD_FAILURE_BANNER_ID);
    expect(banner.attributes.role).toBe('alert');
    expect(banner.style.cssText).toContain('solid red');
    expect(banner.children.map((child) => child.textContent)).toEqual([
      'Your site did not load properly.',
      'Its scripts could not be fetched from /docs/assets/. The usual cause is a site served under another path than the base URL it was built for (/docs/); this page is at /docs/node/design.',
    ]);
  });
});
