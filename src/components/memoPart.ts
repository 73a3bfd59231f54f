// The one wrapper of six theme parts (breadcrumbs, version badge and banner, doc footer, paginator, mobile table of
// contents): the docs layout renders once more after hydration, when the window size becomes known, and these parts
// take no props (they read what they show from context, which memo still follows), so memo keeps that render out.
import { memo } from 'react';

/** The part, memoized (the theme's originals come in untyped, as `@theme-original/*` modules are). */
export const memoPart: typeof memo = memo;
