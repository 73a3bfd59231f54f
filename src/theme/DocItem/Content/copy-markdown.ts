// Copies a page's Markdown twin to the clipboard; the browser APIs come in as arguments so tests can stand in for them.

export interface CopyDeps {
  fetch: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;
  clipboard: Pick<Clipboard, 'writeText'> & Partial<Pick<Clipboard, 'write'>>;
  /** `ClipboardItem` where the browser has it (with it, Safari keeps the click's permission across the fetch). */
  ClipboardItem?: new (items: Record<string, Promise<Blob>>) => ClipboardItem;
}

async function fetchMarkdown(url: string, deps: CopyDeps): Promise<string> {
  const response = await deps.fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** Fetches the twin at `url` and puts its text on the clipboard; rejects when either step fails. */
export async function copyMarkdown(url: string, deps: CopyDeps): Promise<void> {
  const markdown = fetchMarkdown(url, deps);
  if (deps.ClipboardItem && deps.clipboard.write) {
    try {
      const blob = markdown.then((text) => new Blob([text], { type: 'text/plain' }));
      await deps.clipboard.write([new deps.ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Some browsers only take ready values in a ClipboardItem: fall through to plain text (a failed fetch rethrows there).
    }
  }
  await deps.clipboard.writeText(await markdown);
}
