// The code colours of the site, one theme per colour mode. The site config hands them to Docusaurus, and
// `npm run generate` writes the stylesheet that colours code tokens by class from them (src/prism/token-css.ts).
import { themes as prismThemes, type PrismTheme } from 'prism-react-renderer';

/**
 * Code colours with at least 4.5:1 contrast for every token: VS light, except its pure-red attribute names (4.0:1 on
 * white), darkened; Oceanic Next in dark mode meets the ratio as shipped.
 */
export const lightCodeTheme: PrismTheme = {
  ...prismThemes.vsLight,
  styles: prismThemes.vsLight.styles.map((style) => (style.types.includes('attr-name') ? { ...style, style: { ...style.style, color: 'rgb(196, 0, 0)' } } : style)),
};

export const darkCodeTheme: PrismTheme = prismThemes.oceanicNext;
