// What the override `after-paint` sets in the site config (docusaurus.config.ts spreads it in through the manifest's
// overrideSiteConfig, so that NO_OVERRIDES=1 leaves Docusaurus's own template and banner): the page template whose
// inline loader runs the scripts after the first paint (./scripts-after-paint.ts), and Docusaurus's banner for a site
// that did not load turned off. That banner checks that the bundle has run once the document is parsed; with the
// bundle run after the paint it would show on every page, and the loader shows its own banner instead. The route
// chunks the loader preloads are named by the site-output plugin's postBuild (./route-scripts.ts), while the override
// is on (overrideOn in the manifest).
import type { OverrideSiteConfig } from '../manifest';
import { afterPaintTemplate } from './scripts-after-paint';

export function afterPaintSiteConfig(): OverrideSiteConfig {
  return { ssrTemplate: afterPaintTemplate(), baseUrlIssueBanner: false };
}
