// Swizzle replace of @theme/CodeBlock/Line: a line is its text and a line break (a reference page's code was two thirds of its HTML, mostly one <div>, <br> and plain <span> per line).
import React, { type ReactNode } from 'react';
import OriginalLine from '@theme-original/CodeBlock/Line';
import LineToken from '@theme/CodeBlock/Line/Token';
import type { Props } from '@theme/CodeBlock/Line';
import { codeChildren } from '../Content/code-children';

/**
 * A line of a block that the theme's Content draws (one with line numbers or marked lines; the others are drawn whole
 * by src/theme/CodeBlock/Content/lines.tsx): its tokens inside the <pre> as they are, plain text as text and the line
 * ended by a newline, which a <pre> shows as the line break. A line that is marked, or numbered, keeps the theme's
 * element of its own, which its class and counter need.
 */
export default function CodeBlockLine(props: Props): ReactNode {
  const { line, classNames, showLineNumbers, getTokenProps } = props;
  if (showLineNumbers || (classNames !== undefined && classNames.length > 0)) return <OriginalLine {...props} />;
  const parts = codeChildren([line], (token, key) => {
    const tokenProps = getTokenProps({ token });
    return (
      <LineToken key={key} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </LineToken>
    );
  });
  return <>{parts}</>;
}
