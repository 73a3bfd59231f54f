// Wraps the highlighted code so that hydration keeps the server's tokens instead of running Prism again on load.
import React, { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Content from '@theme-original/CodeBlock/Content';
import type ContentType from '@theme/CodeBlock/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useColorMode } from '@docusaurus/theme-common';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import { SERVER_MARKUP, renderedByServer } from '@site/src/components/serverMarkup';

type Props = WrapperProps<typeof ContentType>;

/**
 * True while React hydrates the server's markup of this very block (a block rendered in the browser is new), on a
 * page whose colour mode (set on <html> before React starts) is the one the server rendered, `serverMode`. A page
 * opening in the other mode hydrates the block as usual: React then only updates its colours, where replacing the
 * kept markup would rebuild every block in view.
 */
function keepsServerMarkup(id: string, serverMode: string): boolean {
  if (typeof document === 'undefined' || document.documentElement.getAttribute('data-theme') !== serverMode) return false;
  return renderedByServer('data-code-block', id);
}

/**
 * The server's HTML already holds every token of a code block, styled for the colour mode it rendered (light).
 * Hydrating it meant loading Prism's grammars and tokenizing every block in view again, 25 to 30 ms of a phone's
 * page load here, only to produce the same markup. This keeps that markup, and renders the block with React (and
 * Prism) when the colour mode differs from the server's: a page opening in dark mode hydrates it, a toggle renders it.
 * Blocks rendered in the browser (client-side navigation, a reference section that comes into view) render as usual.
 */
export default function CodeBlockContentWrapper(props: Props): ReactNode {
  const id = useId();
  const { colorMode } = useColorMode();
  const { wordWrap } = useCodeBlockContext();
  // During hydration Docusaurus renders the server's colour mode; the stored one arrives with a later update.
  const [serverMode] = useState(colorMode);
  const [keep, setKeep] = useState(() => keepsServerMarkup(id, serverMode));
  // Once rendered by React the server markup is gone: a later return to the server's mode must not bring it back.
  if (keep && colorMode !== serverMode) setKeep(false);
  const shell = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    // The word-wrap button reaches the <pre> through this ref, which the original component sets when it renders.
    if (keep) wordWrap.codeBlockRef.current = shell.current?.querySelector('pre') ?? null;
  }, [keep, wordWrap.codeBlockRef]);

  return keep ? (
    <div className="code-block-shell" data-code-block={id} ref={shell} dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />
  ) : (
    <div className="code-block-shell" data-code-block={id}>
      <Content {...props} />
    </div>
  );
}
