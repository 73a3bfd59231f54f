// The copy button's logic: fetch the Markdown twin, put it on the clipboard, fail loudly when either step fails.
import { describe, expect, it } from 'vitest';
import { copyMarkdown, type CopyDeps } from '../../src/theme/DocItem/Content/copy-markdown';

function fakeFetch(body: string, status = 200): { deps: Pick<CopyDeps, 'fetch'>; requested: string[] } {
  const requested: string[] = [];
  return {
    requested,
    deps: {
      fetch: async (url: string) => {
        requested.push(url);
        return { ok: status >= 200 && status < 300, status, text: async () => body };
      },
    },
  };
}

class FakeClipboardItem {
  constructor(readonly items: Record<string, Promise<Blob>>) {}
}

describe('copyMarkdown', () => {
  it('writes the fetched twin as text where only writeText exists', async () => {
    const written: string[] = [];
    const { deps, requested } = fakeFetch('# Design\n');
    await copyMarkdown('/node/design.md', { ...deps, clipboard: { writeText: async (text) => void written.push(text) } });
    expect(requested).toEqual(['/node/design.md']);
    expect(written).toEqual(['# Design\n']);
  });

  it('hands the clipboard a pending item where ClipboardItem exists, so the click still counts when the fetch ends', async () => {
    const items: FakeClipboardItem[] = [];
    const { deps } = fakeFetch('# Usage\n');
    await copyMarkdown('/node/usage.md', {
      ...deps,
      clipboard: {
        writeText: async () => {
          throw new Error('writeText must not be used');
        },
        write: async (data) => void items.push(...(data as unknown as FakeClipboardItem[])),
      },
      ClipboardItem: FakeClipboardItem as unknown as CopyDeps['ClipboardItem'], // Node has no ClipboardItem.
    });
    expect(items).toHaveLength(1);
    const blob = await items[0]?.items['text/plain'];
    expect(await blob?.text()).toBe('# Usage\n');
    expect(blob?.type).toBe('text/plain');
  });

  it('falls back to writeText when the browser refuses a pending ClipboardItem', async () => {
    const written: string[] = [];
    const { deps, requested } = fakeFetch('# Ready\n');
    await copyMarkdown('/ready.md', {
      ...deps,
      clipboard: {
        writeText: async (text) => void written.push(text),
        write: async () => {
          throw new TypeError('Promise values are not supported');
        },
      },
      ClipboardItem: FakeClipboardItem as unknown as CopyDeps['ClipboardItem'], // Node has no ClipboardItem.
    });
    expect(written).toEqual(['# Ready\n']);
    expect(requested).toEqual(['/ready.md']);
  });

  it('rejects with the fetch error, and writes nothing, when the twin is missing behind a ClipboardItem', async () => {
    const written: string[] = [];
    const { deps } = fakeFetch('Not found', 404);
    const write = async (data: ClipboardItems): Promise<void> => {
      // A real clipboard waits for the item's blob and fails with it.
      await (data[0] as unknown as FakeClipboardItem).items['text/plain'];
    };
    await expect(
      copyMarkdown('/gone.md', {
        ...deps,
        clipboard: { writeText: async (text) => void written.push(text), write },
        ClipboardItem: FakeClipboardItem as unknown as CopyDeps['ClipboardItem'], // Node has no ClipboardItem.
      }),
    ).rejects.toThrow('/gone.md answered 404');
    expect(written).toEqual([]);
  });

  it('rejects, and writes nothing, when the twin is missing', async () => {
    const written: string[] = [];
    const { deps } = fakeFetch('Not found', 404);
    await expect(copyMarkdown('/gone.md', { ...deps, clipboard: { writeText: async (text) => void written.push(text) } })).rejects.toThrow(
      '/gone.md answered 404',
    );
    expect(written).toEqual([]);
  });

  it('rejects when the browser refuses the clipboard', async () => {
    const { deps } = fakeFetch('# Page\n');
    await expect(
      copyMarkdown('/page.md', {
        ...deps,
        clipboard: {
          writeText: async () => {
            throw new DOMException('Document is not focused.', 'NotAllowedError');
          },
        },
      }),
    ).rejects.toThrow('not focused');
  });
});
