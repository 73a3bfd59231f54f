// The grammars these docs use, added to the global `Prism` when this module is evaluated: in the order
// prism-react-renderer 2.4.1 loads them, so that TypeScript inherits the same JavaScript grammar (with doc comments and
// highlighted regular expressions) and the tokens match the ones the theme was chosen for.
import './core';
import 'prismjs/components/prism-regex';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-javadoclike';
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-jsdoc';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-bash';

export {};
