// The side-by-side bench's own logic (bench/limit.ts, bench/lighthouse.ts, bench/pages.ts, bench/side-by-side.ts):
// the limit keeps no script, the longest task follows Lighthouse's simulation, page types resolve against a build.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProductionServer, tasksAfterFirstPaint, type TraceEvent } from '../../bench/lighthouse';
import { withoutScripts } from '../../bench/limit';
import { resolvePages } from '../../bench/pages';
import { slowHostSlowdown } from '../../bench/side-by-side';
import { referencedAssets } from '../../src/overrides/after-paint/route-chunks';

const PAGE =
  '<!doctype html><html><head><script type=application/ld+json>{"a":1}</script>' +
  '<script>document.documentElement.dataset.theme="light"</script>' +
  '<link rel=stylesheet href=/assets/css/styles.css>' +
  '<link rel=preload href=/assets/js/runtime~main.1.js as=script><link rel=modulepreload href=/assets/js/m.js>' +
  '<link rel=preload as=image href=/img/logo.svg></head>' +
  '<body><div id=__docusaurus><p>text &lt;script&gt; stays</p></div><script src=/assets/js/main.2.js defer></script>' +
  '<script>(function(){var s="</p>"})()</script></body></html>';

describe('withoutScripts', () => {
  it('removes every script element and script preload, and nothing else', () => {
    const html = withoutScripts(PAGE);
    expect(html).not.toMatch(/<script/i);
    expect(referencedAssets(html).scripts).toEqual([]);
    expect(referencedAssets(html).stylesheets).toEqual(['/assets/css/styles.css']);
    expect(html).toContain('<link rel=preload as=image href=/img/logo.svg>');
    expect(html).toContain('<p>text &lt;script&gt; stays</p></div></body>');
  });

  it('leaves a page without scripts as it is', () => {
    const plain = '<!doctype html><html><head><title>x</title></head><body><p>a</p></body></html>';
    expect(withoutScripts(plain)).toBe(plain);
  });
});

const event = (name: string, ts: number, dur: number, tid = 1): TraceEvent => ({ name, ph: 'X', pid: 7, tid, ts: ts * 1000, dur: dur * 1000 });

describe('tasksAfterFirstPaint', () => {
  const trace: TraceEvent[] = [
    event('RunTask', 0, 100), // before the first paint: not counted
    { name: 'firstContentfulPaint', ph: 'R', pid: 7, tid: 1, ts: 150_000 },
    event('RunTask', 200, 20), // script: 20 x 4
    event('RunTask', 300, 30), // did layout: 30 x 4 x 0.5
    event('Layout', 305, 10),
    event('RunTask', 400, 10),
    event('RunTask', 400, 90, 2), // another thread
  ];

  it('scales observed tasks as Lantern does, layout at half the slowdown, from the first paint on, on its thread', () => {
    expect(tasksAfterFirstPaint(trace, 4)).toEqual([80, 60, 40]);
    expect(tasksAfterFirstPaint(trace, 8)).toEqual([160, 120, 80]);
  });

  it('fails on a trace without a first paint', () => {
    expect(() => tasksAfterFirstPaint(trace.slice(2), 4)).toThrow(/first contentful paint/);
  });
});

describe('slowHostSlowdown', () => {
  it('makes a host of any index as slow as one of index 1,000 at 4x', () => {
    expect(slowHostSlowdown(2000)).toBe(8);
    expect(slowHostSlowdown(1235)).toBe(4.9);
  });
});

describe('resolvePages', () => {
  it('finds fixed paths and the heaviest page under a folder, and names the types the build lacks', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
    try {
      for (const [file, bytes] of [
        ['index.html', 10],
        ['ecosystem/packages/a/index.html', 50],
        ['ecosystem/packages/b/index.html', 80],
      ] as const) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), 'x'.repeat(bytes));
      }
      const types = [
        { type: 'home', path: '/' },
        { type: 'guide', path: '/ecosystem/' },
        { type: 'package reference', heaviestUnder: '/ecosystem/packages/' },
        { type: 'testing package', heaviestUnder: '/testing/packages/' },
      ];
      expect(resolvePages(dir, [], types)).toEqual({
        pages: [
          { type: 'home', path: '/' },
          { type: 'package reference', path: '/ecosystem/packages/b/' },
        ],
        missing: ['guide (/ecosystem/)', 'testing package (no page under /testing/packages/)'],
      });
      expect(resolvePages(dir, ['PACKAGE'], types).pages).toEqual([{ type: 'package reference', path: '/ecosystem/packages/b/' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('startProductionServer', () => {
  it('refuses a port something already listens on, which would answer with another build', async () => {
    const squatter = net.createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok'));
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as net.AddressInfo;
    try {
      await expect(startProductionServer(process.cwd(), os.tmpdir(), port, 5000)).rejects.toThrow(`port ${port} of 127.0.0.1 is already in use`);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
