// The code colours of the site, one theme per colour mode. The site config hands them to Docusaurus, and
// `npm run generate` writes the stylesheet that colours code tokens by class from them (contract/prism/token-css.ts).
import { themes as prismThemes, type PrismTheme } from 'prism-react-renderer';

/** Punctuation, operators and property names: the text colour in both modes (see below). */
const TEXT_COLOURED = new Set(['punctuation', 'operator', 'property']);

/**
 * A theme whose punctuation, operators and property names take the block's text colour. In VS light, punctuation was
 * blue and the rest already black; in Oceanic Next, punctuation had the green of strings, which made a JSON answer's
 * commas and braces read like its values, and the keys of a JSON answer were blue like its numbers. Now both modes
 * colour what a value is (string, number, boolean, null) and leave the structure in the text colour, as VS light
 * showed keys. Tokens that take the text colour need no element of their own (contract/prism/styled-types.ts), which took
 * about a third of the markup off a reference page's code.
 */
function textColouredPunctuation(theme: PrismTheme): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.flatMap((entry) => {
      const types = entry.types.filter((type) => !TEXT_COLOURED.has(type));
      return types.length === 0 ? [] : [{ ...entry, types }];
    }),
  };
}

/**
 * Code colours with at least 4.5:1 contrast for every token: VS light, except its pure-red attribute names (4.0:1 on
 * white), darkened; Oceanic Next in dark mode meets the ratio as shipped. Both with text-coloured punctuation.
 */
export const lightCodeTheme: PrismTheme = textColouredPunctuation({
  ...prismThemes.vsLight,
  styles: prismThemes.vsLight.styles.map((style) =>
    style.types.includes('attr-name') ? { ...style, style: { ...style.style, color: 'rgb(196, 0, 0)' } } : style,
  ),
});

export const darkCodeTheme: PrismTheme = textColouredPunctuation(prismThemes.oceanicNext);
