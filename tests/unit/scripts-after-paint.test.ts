// Deferred scripts that wait for the first paint (src/overrides/after-paint/scripts-after-paint.ts): the HTML rewrite, and the inline
// loader run against a stand-in for the browser's document, paint timing and timers.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { referencedAssets } from '../../src/overrides/after-paint/route-chunks';
import { withRouteScripts } from '../../src/overrides/after-paint/route-scripts';
import { PAINT_TIMEOUT_MS, paintThenRun, withScriptsAfterPaint } from '../../src/overrides/after-paint/scripts-after-paint';
import { inlineScripts } from '../../scripts/security-headers';

const RUNTIME = '/assets/js/runtime~main.11a30d4c.js';
const MAIN = '/assets/js/main.bc3d26a5.js';
const PAGE =
  '<!doctype html><html><head><script type=application/ld+json>{"a":1}</script>' +
  `<link rel=stylesheet href=/assets/css/styles.ca3d4559.css /><script src=${RUNTIME} defer></script><script src=${MAIN} defer></script>` +
  '</head><body><div id=__docusaurus><p>Text</p></div><script>document.documentElement.dataset.x="1"</script></body></html>';

describe('withScriptsAfterPaint', () => {
  it('turns the deferred scripts into preloads in their place and runs them from the end of the body', () => {
    const html = withScriptsAfterPaint(PAGE);
    expect(html).toContain(`<link rel=stylesheet href=/assets/css/styles.ca3d4559.css /><link rel="preload" href="${RUNTIME}" as="script"><link rel="preload" href="${MAIN}" as="script"></head>`);
    expect(html).not.toContain(' defer>');
    expect(referencedAssets(html).scripts).toEqual([RUNTIME, MAIN]);
    const scripts = inlineScripts(html);
    expect(scripts[0]).toBe('document.documentElement.dataset.x="1"');
    expect(scripts[1]).toBe(paintThenRun([RUNTIME, MAIN]));
    expect(html.endsWith(`<script>${paintThenRun([RUNTIME, MAIN])}</script></body></html>`)).toBe(true);
  });

  it('puts the main bundle ahead of the route chunks src/overrides/after-paint/route-scripts.ts preloads', () => {
    const html = withScriptsAfterPaint(withRouteScripts(PAGE, ['assets/js/5e95c892.650461f0.js', 'assets/js/main.bc3d26a5.js']));
    expect(referencedAssets(html).scripts).toEqual([RUNTIME, MAIN, '/assets/js/5e95c892.650461f0.js']);
  });

  it('leaves async, module and inline scripts alone, and changes nothing on a second run', () => {
    const once = withScriptsAfterPaint(PAGE);
    expect(withScriptsAfterPaint(once)).toBe(once);
    const others = '<html><head><script src=/a.js async defer></script><script type=module src=/m.js defer></script></head><body><script>1</script></body></html>';
    expect(withScriptsAfterPaint(others)).toBe(others);
  });

  it('appends the loader at the end when the document has no closing body tag', () => {
    const html = withScriptsAfterPaint(`<head><script src=${MAIN} defer></script></head><p>x`);
    expect(html).toBe(`<head><link rel="preload" href="${MAIN}" as="script"></head><p>x<script>${paintThenRun([MAIN])}</script>`);
  });

  it('keeps a script URL from closing the inline script early', () => {
    expect(paintThenRun(['/a</script>.js'])).not.toContain('</script>');
  });
});

interface FakeScript {
  src: string;
  async: boolean;
  onerror?: () => void;
}

interface Stage {
  appended: Array<{ src: string; async: boolean }>;
  scripts: FakeScript[];
  window: { docusaurus?: unknown };
  banners: number;
  paint(): void;
  advance(ms: number): void;
}

/** Runs the loader with a document in `visibility`, optionally without paint timing, and reports what it appends. */
function stage(visibility: 'visible' | 'hidden', withPaintTiming = true): Stage {
  const appended: Array<{ src: string; async: boolean }> = [];
  const scripts: FakeScript[] = [];
  let banners = 0;
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
      createElement: (): FakeScript => ({ src: '', async: true }),
      head: {
        appendChild: (script: FakeScript) => {
          scripts.push(script);
          appended.push({ src: script.src, async: script.async });
        },
      },
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
    // Docusaurus's base-URL banner script defines this global on the home page.
    insertBanner: () => (banners += 1),
  };
  vm.runInNewContext(paintThenRun([RUNTIME, MAIN]), { ...window, window });
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

  it('answers the base-URL banner check until the bundle runs, and shows the banner if a script fails to load', () => {
    const loads = stage('visible');
    const standIn = loads.window.docusaurus;
    expect(standIn).toBeDefined();
    loads.paint();
    loads.window.docusaurus = { ready: true }; // what main.js does when it runs
    loads.scripts[1]?.onerror?.();
    expect(loads.banners).toBe(0);

    const fails = stage('visible');
    fails.paint();
    fails.scripts[1]?.onerror?.();
    fails.scripts[0]?.onerror?.();
    expect(fails.window.docusaurus).toBeUndefined();
    expect(fails.banners).toBe(1);
  });
});
