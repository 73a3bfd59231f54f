// The part of mark.js (no types shipped) that ./mark.ts uses.
declare module 'mark.js/dist/mark.min.js' {
  interface UnmarkOptions {
    done?: () => void;
    [option: string]: unknown;
  }
  class Mark {
    constructor(context: Element | Element[] | NodeList | string);
    mark(keywords: string | string[], options?: Record<string, unknown>): Mark;
    unmark(options?: UnmarkOptions): Mark;
  }
  export default Mark;
}
