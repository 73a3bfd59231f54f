// Replaces the theme's code line to write a line as text and a line break: a reference page's code was two thirds of its HTML, most of it one <div>, <br> and plain <span> per line.
import React, { type ReactNode } from 'react';
import OriginalLine from '@theme-original/CodeBlock/Line';
import LineToken from '@theme/CodeBlock/Line/Token';
import type { Props } from '@theme/CodeBlock/Line';

type LineTokenData = Props['line'][number];

/** A token src/prism hands on as plain text: it looks like the text around it and needs no element. */
function isPlain(token: LineTokenData): boolean {
  return token.types.length === 1 && token.types[0] === 'plain';
}

/**
 * The line's tokens inside the <pre> as they are, plain text as text and the line ended by a newline, which a <pre>
 * shows as the line break (an empty line is the newline alone). A line that is marked (a highlighted line, a line
 * number) keeps the theme's element of its own, which its class and counter need.
 */
export default function CodeBlockLine(props: Props): ReactNode {
  const { line, classNames, showLineNumbers, getTokenProps } = props;
  if (showLineNumbers || (classNames !== undefined && classNames.length > 0)) return <OriginalLine {...props} />;
  const parts: ReactNode[] = [];
  let text = '';
  for (const token of line) {
    if (isPlain(token)) {
      // The single token of an empty line holds a newline that stands for the line itself.
      if (token.empty !== true) text += token.content;
      continue;
    }
    if (text !== '') parts.push(text);
    text = '';
    const tokenProps = getTokenProps({ token });
    parts.push(
      <LineToken key={parts.length} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </LineToken>,
    );
  }
  parts.push(`${text}\n`);
  return <>{parts}</>;
}
