// Swizzle replace of @theme/CodeBlock/Container: leaves out the style attribute; the two colours it carried on every block are the stylesheet's, per colour mode.
import React, { type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';

/**
 * The box around a code block. Upstream writes the light theme's text and background colours into a style attribute of
 * every block (`--prism-color`, `--prism-background-color`), the same two values on every block, and changes them when
 * the colour mode does. Here generated/prism-tokens.css sets both variables for each mode (contract/prism/token-css.ts), and
 * `.code-block-container` (src/css/custom.css) draws the box from them.
 */
export default function CodeBlockContainer<T extends 'div' | 'pre'>({ as: As, ...props }: { as: T } & ComponentProps<T>): ReactNode {
  const Element = As as 'div';
  return <Element {...(props as ComponentProps<'div'>)} className={clsx(props.className, 'code-block-container', ThemeClassNames.common.codeBlock)} />;
}
