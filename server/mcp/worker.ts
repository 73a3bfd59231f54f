// The /mcp work off the thread that serves the pages: one worker thread (./worker-thread.ts) answers every JSON-RPC
// message, so a slow or hostile tool call never delays a page. Each message has a deadline: past it the caller gets
// its error, and a thread that has not answered is replaced (the work it was doing cannot be trusted to end).
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DocsSources } from './docs-data';

/** What the page-serving thread asks: an answer to a JSON-RPC message (its HTTP headers with it), or the SDK version. */
export type WorkerQuestion = { id: number; kind: 'message'; headers: Array<[string, string]>; message: unknown } | { id: number; kind: 'version' };

/** What the worker thread answers. */
export type WorkerAnswer =
  | { id: number; kind: 'ready' }
  | { id: number; kind: 'answer'; status: number; headers: Array<[string, string]>; body: string }
  | { id: number; kind: 'unavailable'; message: string }
  | { id: number; kind: 'version'; version: string | undefined }
  | { id: number; kind: 'failed'; message: string };

/** A message's deadline: every tool answers in well under a second (its own bounds), so this is for a thread gone wrong. */
const MESSAGE_DEADLINE_MS = 10_000;

export class DeadlineError extends Error {}

/**
 * Starts the thread with tsx's loader, so that it runs the TypeScript sources as `npm run serve` does (the worker
 * inherits no loader of the process that starts it when that is not tsx, as under vitest).
 */
function startThread(sources: DocsSources): Worker {
  const entry = path.join(__dirname, 'worker-thread.ts');
  const code = `require('tsx/cjs'); require(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true, workerData: sources, execArgv: [], stdout: false, stderr: false });
}

export class McpWorker {
  private thread: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  private ready: Promise<void> | undefined;

  constructor(
    private readonly sources: DocsSources,
    private readonly deadlineMs = MESSAGE_DEADLINE_MS,
  ) {}

  /** The thread, started on first need (and again after one was replaced). */
  private start(): Promise<void> {
    if (this.ready !== undefined && this.thread !== undefined) return this.ready;
    const thread = startThread(this.sources);
    this.thread = thread;
    // The server may stop while the thread still starts; it must not keep the process alive on its own.
    thread.unref();
    this.ready = new Promise((resolve, reject) => {
      thread.on('message', (answer: WorkerAnswer) => {
        if (answer.kind === 'ready') {
          resolve();
          return;
        }
        const waiting = this.waiting.get(answer.id);
        if (waiting === undefined) return;
        clearTimeout(waiting.timer);
        this.waiting.delete(answer.id);
        waiting.resolve(answer);
      });
      thread.on('error', (error) => {
        reject(error);
        this.fail(thread, error);
      });
      thread.on('exit', (code) => this.fail(thread, new Error(`the MCP worker thread stopped (exit code ${code})`)));
    });
    return this.ready;
  }

  /** Every question in flight on `thread` fails; the next question starts a new thread. */
  private fail(thread: Worker, error: Error): void {
    if (this.thread !== thread) return;
    this.thread = undefined;
    this.ready = undefined;
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
      this.waiting.delete(id);
    }
  }

  async ask(question: { kind: 'message'; headers: Array<[string, string]>; message: unknown } | { kind: 'version' }): Promise<WorkerAnswer> {
    await this.start();
    const thread = this.thread;
    if (thread === undefined) throw new Error('the MCP worker thread stopped');
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new DeadlineError(`no answer within ${this.deadlineMs} ms`));
        // A thread past its deadline is replaced: whatever it does, it is not answering.
        this.fail(thread, new DeadlineError('the MCP worker thread was replaced after a deadline passed'));
        void thread.terminate();
      }, this.deadlineMs);
      this.waiting.set(id, { resolve, reject, timer });
      thread.postMessage({ id, ...question } satisfies WorkerQuestion);
    });
  }

  /** Starts the thread now, so that the first request does not wait for the data to load. */
  warm(): void {
    this.start().catch(() => undefined);
  }

  async close(): Promise<void> {
    const thread = this.thread;
    if (thread === undefined) return;
    this.fail(thread, new Error('the server is stopping'));
    await thread.terminate();
  }
}
