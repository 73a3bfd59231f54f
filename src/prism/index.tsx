/**
 * Stands in for `prism-react-renderer` in the browser and server bundles (aliased by src/overrides/light-prism).
 *
 * prism-react-renderer ships one file holding Prism and some thirty grammars; evaluating it cost 93 ms on every page
 * load here before any code was shown (372 ms at Lighthouse's fourfold CPU slowdown). This module keeps its API, the
 * part Docusaurus uses (`Highlight`, `Prism`), with Prism's core and only the languages these docs use (TypeScript, JSON, Bash).
 */
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import clsx from 'clsx';
import { tokenClassName } from '../../contract/prism/styled-types';
import { asShown, compactLine, tokenize, type PrismTheme, type Token } from '../../contract/prism/tokenize';

export * from '../../contract/prism/tokenize';

/**
 * Tokens are coloured by their classes (`kw` for a keyword, contract/prism/styled-types.ts) through generated/prism-tokens.css, for both colour modes
 * (contract/prism/token-css.ts): only an empty line's token keeps a style of its own, the height of a line.
 */
function tokenStyle({ empty }: Token): CSSProperties | undefined {
  return empty === undefined ? undefined : { display: 'inline-block' };
}

interface LineInput {
  line: Token[];
  className?: string;
  style?: CSSProperties;
  [prop: string]: unknown;
}

interface TokenInput {
  token: Token;
  className?: string;
  style?: CSSProperties;
  [prop: string]: unknown;
}

export interface HighlightRender {
  tokens: Token[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: LineInput) => Record<string, unknown> & { className: string; style?: CSSProperties };
  getTokenProps: (input: TokenInput) => Record<string, unknown> & { className: string; children: string; style?: CSSProperties };
}

export interface HighlightProps {
  code: string;
  language: string;
  theme: PrismTheme;
  children: (render: HighlightRender) => ReactNode;
}

/** Render-prop highlighter with the props and callbacks of prism-react-renderer's `Highlight`. */
export function Highlight({ code, language: rawLanguage, theme, children }: HighlightProps): ReactNode {
  const language = rawLanguage.toLowerCase();
  // Colours come from generated/prism-tokens.css, built from the same themes: the theme prop only keeps the API.
  void theme;
  const tokens = useMemo(() => tokenize(code, language).map((line) => compactLine(line.map(asShown))), [code, language]);
  return children({
    tokens,
    className: `prism-code language-${language}`,
    // The block's colours come from the stylesheet too (`.prism-code`), so a block keeps them in either colour mode.
    style: {},
    getLineProps: ({ line, className, style, ...rest }) => {
      void line; // The line's tokens are rendered by the caller, not passed on as an attribute.
      // A line takes the block's plain colour from the <pre> (its root style).
      return { ...rest, className: clsx('token-line', className), ...(style === undefined ? {} : { style }) };
    },
    getTokenProps: ({ token, className, style, ...rest }) => {
      const base = tokenStyle(token);
      return {
        ...rest,
        className: clsx(tokenClassName(token.types), className),
        children: token.content,
        style: style === undefined ? base : { ...base, ...style },
      };
    },
  });
}
