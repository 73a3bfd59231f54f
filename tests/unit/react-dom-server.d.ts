// The one react-dom/server function the MDX tests use (react-dom ships without types; @types/react-dom is not installed).
declare module 'react-dom/server' {
  import type { ReactNode } from 'react';
  export function renderToStaticMarkup(element: ReactNode): string;
}
