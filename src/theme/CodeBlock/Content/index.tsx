// Swizzle wrap of @theme/CodeBlock/Content: hydration keeps the server's tokens instead of running Prism again on load.
import React, { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Content from '@theme-original/CodeBlock/Content';
import type ContentType from '@theme/CodeBlock/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import { SERVER_MARKUP, renderedByServer } from '@site/src/components/serverMarkup';
import { CodeLines } from './lines';

type Props = WrapperProps<typeof ContentType>;

/** True while React hydrates the server's markup of this very block (a block rendered in the browser is new). */
function keepsServerMarkup(id: string): boolean {
  if (typeof document === 'undefined') return false;
  return renderedByServer('data-code-block', id);
}

/**
 * The server's HTML already holds every token of a code block. Hydrating it meant loading Prism's grammars and
 * tokenizing every block in view again, 25 to 30 ms of a phone's page load here, only to produce the same markup. This
 * keeps that markup. Tokens are coloured by class for both colour modes (generated/prism-tokens.css), so the kept
 * markup is right in either mode and a colour-mode change needs no render. Blocks rendered in the browser
 * (client-side navigation, a reference section that comes into view) render as usual.
 */
export default function CodeBlockContentWrapper(props: Props): ReactNode {
  const id = useId();
  const { metadata, wordWrap } = useCodeBlockContext();
  const [keep] = useState(() => keepsServerMarkup(id));
  const shell = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    // The word-wrap button reaches the <pre> through this ref, which the original component sets when it renders.
    if (keep) wordWrap.codeBlockRef.current = shell.current?.querySelector('pre') ?? null;
  }, [keep, wordWrap.codeBlockRef]);

  return keep ? (
    <div className="code-block-shell" data-code-block={id} ref={shell} dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />
  ) : (
    <div className="code-block-shell" data-code-block={id}>
      {/* Line numbers and marked lines need an element per line: the theme's Content draws those. */}
      {metadata.lineNumbersStart === undefined && Object.keys(metadata.lineClassNames).length === 0 ? (
        <CodeLines className={props.className} />
      ) : (
        <Content {...props} />
      )}
    </div>
  );
}
