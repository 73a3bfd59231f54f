// Points every `prism-react-renderer` import of the site's bundles (Docusaurus's CodeBlock and its Prism set-up) at
// src/prism: the same API with Prism's core and the four grammars these docs use. The config itself, run by Node,
// still reads its colour themes from the real package.
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export const LIGHT_PRISM_ENTRY = path.resolve(__dirname, '../../prism/index.tsx');

export default function lightPrism(): Plugin {
  return {
    name: 'light-prism',
    configureWebpack: () => ({ resolve: { alias: { 'prism-react-renderer$': LIGHT_PRISM_ENTRY } } }),
  };
}
