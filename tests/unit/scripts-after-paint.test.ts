// Scripts that wait for the first paint (src/overrides/after-paint/scripts-after-paint.ts): the HTML template that
// Docusaurus renders every page with, and the inline loader run against a stand-in for the browser's document, paint
// timing and timers.
import vm from 'node:vm';
import * as eta from 'eta';
import { describe, expect, it } from 'vitest';
import { referencedAssets } from '../../src/overrides/after-paint/route-chunks';
import { withRouteScripts } from '../../src/overrides/after-paint/route-scripts';
import { LOAD_FAILURE_BANNER_ID, PAINT_TIMEOUT_MS, afterPaintTemplate, paintThenRun } from '../../src/overrides/after-paint/scripts-after-paint';
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
  it('names the scripts as preloads in <head> and runs them from the loader at the end of <body>', () => {
    const html = renderPage();
    expect(html).toContain(
      `<link rel="stylesheet" href="/assets/css/styles.ca3d4559.css"><link rel="preload" href="${RUNTIME}" as="script"><link rel="preload" href="${MAIN}" as="script"></head>`,
    );
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(referencedAssets(html).scripts).toEqual([RUNTIME, MAIN]);
    const scripts = inlineScripts(html);
    expect(scripts).toEqual(['document.documentElement.dataset.x="1"', paintThenRun([RUNTIME, MAIN], '/')]);
    expect(html).toMatch(
      new RegExp(
        `<div id="__docusaurus"><p>Text</p></div>\\s*<script>${paintThenRun([RUNTIME, MAIN]).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>\\s*</body>\\s*</html>$`,
      ),
    );
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

  it('prefixes the base URL, and keeps a script URL from closing the inline script early', () => {
    const html = renderPage({ baseUrl: '/docs/', scripts: ['assets/js/a</script>.js'] });
    expect(html).toContain('<link rel="preload" href="/docs/assets/js/a&lt;/script&gt;.js" as="script">');
    expect(inlineScripts(html).at(-1)).toBe(paintThenRun(['/docs/assets/js/a</script>.js'], '/docs/'));
    expect(paintThenRun(['/a</script>.js'])).not.toContain('</script>');
  });

  it('keeps the runtime and main bundle ahead of the route chunks src/overrides/after-paint/route-scripts.ts preloads', () => {
    const html = withRouteScripts(renderPage(), ['assets/js/5e95c892.650461f0.js', 'assets/js/main.bc3d26a5.js']);
    expect(referencedAssets(html).scripts).toEqual([RUNTIME, MAIN, '/assets/js/5e95c892.650461f0.js']);
  });
});

interface FakeScript {
  src: string;
  async: boolean;
  onerror?: () => void;
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
  scripts: FakeScript[];
  window: { docusaurus?: unknown };
  /** What the loader put at the top of <body>. */
  banners: FakeElement[];
  paint(): void;
  advance(ms: number): void;
}

/** Runs the loader with a document in `visibility`, optionally without paint timing, and reports what it appends. */
function stage(visibility: 'visible' | 'hidden', withPaintTiming = true): Stage {
  const appended: Array<{ src: string; async: boolean }> = [];
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
        appendChild: (script: FakeScript) => {
          scripts.push(script);
          appended.push({ src: script.src, async: script.async });
        },
      },
    },
    location: { pathname: '/docs/node/design' },
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  };
  vm.runInNewContext(paintThenRun([RUNTIME, MAIN], '/docs/'), { ...window, window });
  const deliver = (names: string[]): void => {
    const list = { getEntriesByName: (name: string) => names.filter((entry) => entry === name) };
    for (const observer of observers) {
      if (observer.connected) observer.callback(list, { disconnect: () => (observer.connected = false) });
    }
  };
  return {
    appended,
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
  it('appends nothing before the first contentful paint, then every script once, in order', () => {
    const page = stage('visible');
    page.advance(PAINT_TIMEOUT_MS - 1);
    expect(page.appended).toEqual([]);
    page.paint();
    expect(page.appended).toEqual([
      { src: RUNTIME, async: false },
      { src: MAIN, async: false },
    ]);
    page.advance(PAINT_TIMEOUT_MS);
    page.paint();
    expect(page.appended).toHaveLength(2);
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
