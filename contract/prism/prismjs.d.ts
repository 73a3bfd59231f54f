// prismjs's own files, which @types/prismjs does not declare: the core, and grammars that register themselves.
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}
declare module 'prismjs/components/prism-*';
