// The site's client entry, in place of @docusaurus/core/lib/client/clientEntry.js (see ./index.ts).
//
// Docusaurus's entry imports React, the router, its App (with every client module, the route table and the theme)
// statically, so main.js evaluates all of them, then asks for the page's route chunks and evaluates those, in the one
// task that runs main.js: 30-50 ms here, 120-200 ms at Lighthouse's 4x, input waiting behind it. This entry does the
// same work in the same order, but each stage in a task of its own (./stages.ts): React, the client modules, the
// route table, the App, the page's route modules one route at a time, then hydration, which React itself cuts into
// slices (a transition, as Docusaurus starts it). The modules are still in the bundles and the route chunks
// (webpackMode "eager" only defers when a module is evaluated, it makes no chunk): nothing more is downloaded.
import type { ComponentType, ReactNode } from 'react';
import type { RouteConfig } from 'react-router-config';
import { inStages } from './stages';

interface Loadable {
  preload?: () => Promise<unknown>;
}

async function start(): Promise<void> {
  const container = document.getElementById('__docusaurus');
  if (container === null) return;
  // Each is set by the stage that evaluates its module, before the stages that use it.
  let react!: typeof import('react');
  let reactDom!: typeof import('react-dom/client');
  let app: ReactNode;
  await inStages([
    async () => {
      [react, reactDom] = await Promise.all([import(/* webpackMode: "eager" */ 'react'), import(/* webpackMode: "eager" */ 'react-dom/client')]);
    },
    // The client modules (the themes' and the site's), then the route table (a loadable component for every route of
    // the site), then Docusaurus's App with the theme's providers: App imports the first two, found evaluated by then.
    () => import(/* webpackMode: "eager" */ '@generated/client-modules'),
    () => import(/* webpackMode: "eager" */ '@generated/routes'),
    async () => {
      const [{ default: App }, { HelmetProvider }, { BrowserRouter, HashRouter }, { default: siteConfig }, { default: docusaurus }] = await Promise.all([
        import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App'),
        import(/* webpackMode: "eager" */ 'react-helmet-async'),
        import(/* webpackMode: "eager" */ 'react-router-dom'),
        import(/* webpackMode: "eager" */ '@generated/docusaurus.config'),
        import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/docusaurus'),
      ]);
      window.docusaurus = docusaurus;
      const { createElement } = react;
      const Router: ComponentType<{ children?: ReactNode }> = siteConfig.future.experimental_router === 'hash' ? HashRouter : BrowserRouter;
      app = createElement(HelmetProvider, null, createElement(Router, null, createElement(App)));
    },
    async () => {
      // The route modules of this page, one route (layout, docs root, page) per stage, as Docusaurus's preload
      // would load them all at once.
      const [{ matchRoutes }, { default: routes }] = await Promise.all([
        import(/* webpackMode: "eager" */ 'react-router-config'),
        import(/* webpackMode: "eager" */ '@generated/routes'),
      ]);
      const paths = [...new Set([window.location.pathname, decodeURI(window.location.pathname)])];
      const components = paths.flatMap((path) => matchRoutes(routes as RouteConfig[], path)).map((match) => match.route.component as Loadable);
      await inStages(components.map((component) => () => component.preload?.()));
    },
    () => {
      const onRecoverableError = (error: unknown, errorInfo: unknown): void => {
        console.error('Docusaurus React Root onRecoverableError:', error, errorInfo);
      };
      react.startTransition(() => {
        if (window.docusaurusRoot) {
          window.docusaurusRoot.render(app);
        } else if (process.env.HYDRATE_CLIENT_ENTRY) {
          window.docusaurusRoot = reactDom.hydrateRoot(container, app, { onRecoverableError });
        } else {
          const root = reactDom.createRoot(container, { onRecoverableError });
          root.render(app);
          window.docusaurusRoot = root;
        }
      });
    },
  ]);
}

void start();
