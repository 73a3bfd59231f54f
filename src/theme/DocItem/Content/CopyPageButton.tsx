// The "Copy page as Markdown" button: fetches the page's twin only when clicked, then says whether it worked.
import React, { useEffect, useState, type ReactNode } from 'react';
import { copyMarkdown } from './copy-markdown';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copying' | 'copied' | 'failed';

const LABELS: Record<CopyState, string> = {
  idle: 'Copy page as Markdown',
  copying: 'Copying…',
  copied: 'Copied',
  failed: 'Copy failed',
};

/** How long "Copied" or "Copy failed" stays before the button reads as new. */
const RESET_MS = 2000;

export default function CopyPageButton({ markdownUrl, className }: { markdownUrl: string; className?: string }): ReactNode {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied' && state !== 'failed') return undefined;
    const timer = window.setTimeout(() => setState('idle'), RESET_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = (): void => {
    if (state === 'copying') return;
    setState('copying');
    const deps = {
      fetch: (url: string) => window.fetch(url),
      clipboard: navigator.clipboard,
      ClipboardItem: typeof ClipboardItem === 'undefined' ? undefined : ClipboardItem,
    };
    copyMarkdown(markdownUrl, deps).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={copy}
        aria-disabled={state === 'copying'}
        data-state={state}
        title={state === 'failed' ? `Open ${markdownUrl} to read the Markdown` : undefined}
      >
        {LABELS[state]}
      </button>
      <span role="status" className={styles.status}>
        {state === 'copied' ? 'Page copied as Markdown' : state === 'failed' ? 'Copying the page failed' : ''}
      </span>
    </>
  );
}
