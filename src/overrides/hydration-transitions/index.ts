// Makes the first window-size measurement after hydration (useWindowSize) a React transition. Docusaurus takes it in
// an effect, where React gives the update the default priority and renders it in one task it cannot interrupt: every
// reader re-renders at once (navbar, phone menu, both sidebars, the table of contents), on a phone four times slower
// than here. As a transition React renders it in slices of about 5 ms, yielding to input between them. theme-common's
// imports of the hook are pointed at ./windowSize.ts, which keeps its contract ('ssr' until measured).
// useIsBrowser's switch stays as it is: components that mount after hydration rely on seeing true (the search page
// reads its query only then), which a pending transition would not guarantee.
import path from 'node:path';
import { moduleReplacementPlugin, type Replacement } from '../module-replacement';

export function replacements(): Replacement[] {
  const themeCommon = path.dirname(require.resolve('@docusaurus/theme-common'));
  return [{ request: /^(\.\.?\/)+hooks\/useWindowSize(\.js)?$/, within: themeCommon, replacement: path.resolve(__dirname, 'windowSize.ts') }];
}

export default function hydrationTransitions() {
  return moduleReplacementPlugin('hydration-transitions', replacements);
}
