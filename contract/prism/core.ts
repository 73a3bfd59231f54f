// Prism's core, made global: each prismjs language file adds its grammar to the global `Prism`.
import './manual';
import Prism from 'prismjs/components/prism-core';

(globalThis as { Prism?: unknown }).Prism = Prism;

export default Prism;
