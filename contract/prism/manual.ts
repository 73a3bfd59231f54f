// Read by prismjs when it loads: never highlight the page on its own (React renders the tokens) and never listen for
// worker messages. Must be evaluated before prism-core, hence its own module imported first.
(globalThis as { Prism?: unknown }).Prism = { manual: true, disableWorkerMessageHandler: true };

export {};
