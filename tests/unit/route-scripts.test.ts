// Naming a page's route chunks in its HTML (src/overrides/after-paint/route-scripts.ts).
import { describe, expect, it } from 'vitest';
import { referencedAssets } from '../../src/overrides/after-paint/route-chunks';
import { htmlFileOfRoute, withRouteScripts } from '../../src/overrides/after-paint/route-scripts';

const PAGE =
  '<!doctype html><html><head><script type=application/ld+json>{"a":1}</script>' +
  '<script src=/assets/js/runtime~main.11a30d4c.js defer></script><script src=/assets/js/main.bc3d26a5.js defer></script>' +
  '<link rel=stylesheet href=/assets/css/styles.ca3d4559.css /></head><body><div id=__docusaurus></div></body></html>';

describe('withRouteScripts', () => {
  it('preloads the chunks the page does not load yet, before the webpack runtime, in order', () => {
    const html = withRouteScripts(PAGE, ['assets/js/5e95c892.650461f0.js', 'assets/js/main.bc3d26a5.js', 'assets/js/c1703684.ff590465.js']);
    expect(referencedAssets(html).scripts).toEqual([
      '/assets/js/5e95c892.650461f0.js',
      '/assets/js/c1703684.ff590465.js',
      '/assets/js/runtime~main.11a30d4c.js',
      '/assets/js/main.bc3d26a5.js',
    ]);
    expect(html).toContain(
      '<link rel="preload" href="/assets/js/5e95c892.650461f0.js" as="script"><link rel="preload" href="/assets/js/c1703684.ff590465.js" as="script"><script src=/assets/js/runtime~main',
    );
    // Everything else is as it was.
    expect(html.replace(/<link rel="preload" href="[^"]+" as="script">/g, '')).toBe(PAGE);
  });

  it('keeps the base URL of the runtime script', () => {
    const page = PAGE.replaceAll('src=/assets/', 'src=/docs/assets/');
    expect(referencedAssets(withRouteScripts(page, ['assets/js/a.js', 'assets/js/main.bc3d26a5.js'])).scripts).toEqual([
      '/docs/assets/js/a.js',
      '/docs/assets/js/runtime~main.11a30d4c.js',
      '/docs/assets/js/main.bc3d26a5.js',
    ]);
  });

  it('changes nothing when every chunk is named already, or the page has no webpack runtime', () => {
    expect(withRouteScripts(PAGE, ['assets/js/main.bc3d26a5.js'])).toBe(PAGE);
    expect(withRouteScripts(PAGE, [])).toBe(PAGE);
    const plain = '<html><head><script src=/other.js></script></head></html>';
    expect(withRouteScripts(plain, ['assets/js/a.js'])).toBe(plain);
  });

  it("puts the chunks after the bundles' preloads where a page names its bundles as preloads", () => {
    const page =
      '<html><head><link rel="preload" href="/assets/js/runtime~main.11a30d4c.js" as="script"><link rel="preload" href="/assets/js/main.bc3d26a5.js" as="script">' +
      '<meta name=x></head><body><script>run()</script></body></html>';
    const html = withRouteScripts(page, ['assets/js/5e95c892.650461f0.js']);
    expect(html).toContain(
      'href="/assets/js/main.bc3d26a5.js" as="script"><link rel="preload" href="/assets/js/5e95c892.650461f0.js" as="script"><meta name=x>',
    );
    expect(referencedAssets(html).scripts).toEqual(['/assets/js/runtime~main.11a30d4c.js', '/assets/js/main.bc3d26a5.js', '/assets/js/5e95c892.650461f0.js']);
  });

  it("names the chunks in the data-preload attribute of the site's loader, whose text stays as it was", () => {
    const loader = '!function(){run()}()';
    const page =
      '<html><head><link rel=stylesheet href=/assets/css/styles.ca3d4559.css></head><body><div id=__docusaurus></div>' +
      `<script data-run="/assets/js/theme.1.js /assets/js/runtime~main.11a30d4c.js /assets/js/main.bc3d26a5.js">${loader}</script></body></html>`;
    const html = withRouteScripts(page, ['assets/js/5e95c892.650461f0.js', 'assets/js/main.bc3d26a5.js', 'assets/js/c 1.js']);
    expect(html).toBe(page.replace('<script data-run=', '<script data-preload="/assets/js/5e95c892.650461f0.js /assets/js/c%201.js" data-run='));
    expect(referencedAssets(html).scripts).toEqual([
      '/assets/js/theme.1.js',
      '/assets/js/runtime~main.11a30d4c.js',
      '/assets/js/main.bc3d26a5.js',
      '/assets/js/5e95c892.650461f0.js',
      '/assets/js/c%201.js',
    ]);
    expect(() => withRouteScripts(html, ['assets/js/d.js'])).toThrow(/once per page/);
    expect(withRouteScripts(html, ['assets/js/5e95c892.650461f0.js'])).toBe(html);
  });

  it('finds the HTML file Docusaurus writes for a route', () => {
    expect(htmlFileOfRoute('/')).toBe('index.html');
    expect(htmlFileOfRoute('/node/design')).toBe('node/design/index.html');
    expect(htmlFileOfRoute('/search/')).toBe('search/index.html');
    expect(htmlFileOfRoute('/404.html')).toBe('404.html');
  });
});
