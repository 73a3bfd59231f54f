// The code of a block as one run of text and token elements (src/theme/CodeBlock/Content/lines.tsx), apart from React
// so that it can be tested on its own.
import type { ReactNode } from 'react';
import type { Token } from 'prism-react-renderer';

/** A token src/prism hands on as plain text (it looks like the text around it). */
function isPlain(token: Token): boolean {
  return token.types.length === 1 && token.types[0] === 'plain';
}

/**
 * The children of the block's <code>: strings and token elements, neighbouring strings joined across lines. React
 * marks the seam between two strings that reach the page side by side (`<!-- -->`); a reference page's code had five
 * hundred of them, one wherever a line ended in plain text and the next began with its indent.
 */
export function codeChildren(lines: readonly (readonly Token[])[], tokenElement: (token: Token, key: number) => ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  let text = '';
  for (const line of lines) {
    for (const token of line) {
      if (isPlain(token)) {
        // The single token of an empty line holds a newline that stands for the line itself.
        if (token.empty !== true) text += token.content;
        continue;
      }
      if (text !== '') out.push(text);
      text = '';
      out.push(tokenElement(token, out.length));
    }
    text += '\n';
  }
  if (text !== '') out.push(text);
  return out;
}
