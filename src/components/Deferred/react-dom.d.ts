// The one react-dom function the Deferred component uses (react-dom ships without types; @types/react-dom is not installed).
declare module 'react-dom' {
  export function flushSync<R>(callback: () => R): R;
}
