import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../lib/spawn-worker.js';
import type { WorkerReply, WorkerRequest } from './pdf-worker.js';

/** The request took too long: the worker was stopped (a pathological page must not hold it forever). */
export class PdfWorkerTimeoutError extends Error {
  constructor(ms: number) {
    super(`the PDF worker did not answer within ${ms} ms`);
    this.name = 'PdfWorkerTimeoutError';
  }
}

const spawn = () => spawnWorker(import.meta.url, 'pdf-worker');

/**
 * The main thread's end of one PDF worker thread, started at the first request. A crashed or
 * stopped worker fails what it held and the next request starts a new one.
 */
export class PdfWorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  /** A request is being worked on (the tests stop the worker mid-way with it). */
  get busy() {
    return this.pending.size > 0;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn();
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PDF worker stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** `bytes` that own their whole ArrayBuffer are moved to the worker, not copied. */
  call<T>(request: WorkerRequest, timeoutMs: number): Promise<T> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        reject(new PdfWorkerTimeoutError(timeoutMs));
        void this.stop();
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      const bytes = request.bytes;
      const movable = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      worker.postMessage({ id, request }, movable ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  async stop() {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(new Error('the PDF worker was stopped'));
    this.pending.clear();
    await worker.terminate();
  }
}
