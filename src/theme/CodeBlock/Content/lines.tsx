// The code of a block as one run of text and token elements: each line its text and a newline, and the plain text at
// the end of one line joined to the plain text that starts the next (src/theme/CodeBlock/Content).
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { Highlight } from 'prism-react-renderer';
import { usePrismTheme } from '@docusaurus/theme-common';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import { codeChildren } from './code-children';

/**
 * The block's <pre> and <code> with its code as {@link codeChildren}: the theme's Content, for a block without line
 * numbers or marked lines (which keep the theme's element per line, src/theme/CodeBlock/Line). The two classes draw
 * what the theme's did (src/css/custom.css); the word-wrap button reaches the <pre> through the same ref.
 */
export function CodeLines({ className }: { className?: string }): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  return (
    <Highlight theme={prismTheme} code={metadata.code} language={metadata.language ?? 'text'}>
      {/* The language is named once, on the block's box (language-ts); the thin scroll bar is .code-block-pre's own. */}
      {({ style, tokens, getTokenProps }) => (
        <pre ref={wordWrap.codeBlockRef} tabIndex={0} className={clsx(className, 'prism-code', 'code-block-pre')} style={style}>
          <code className="code-block-lines">
            {codeChildren(tokens, (token, key) => {
              const { children, ...props } = getTokenProps({ token });
              return (
                <span key={key} {...props}>
                  {children}
                </span>
              );
            })}
          </code>
        </pre>
      )}
    </Highlight>
  );
}
