import { Worker } from 'node:worker_threads';
import { workerSource } from '../../shared/worker-source.ts';
import type { StoreFiles } from './store-files.ts';
import type { Folded } from './fold-store-files.ts';
import type { FoldMessage } from './store-fold-worker.ts';

/**
 * Runs foldStoreFiles on a worker thread (store-fold-worker.ts, beside this module or the bundle that holds
 * it), one fold at a time. The thread is started at the first fold and kept for the next ones: a fresh
 * thread compiled and optimised the fold's code again each time, which cost more than the fold itself on a
 * small store (a fold per journal record, 20,000 tasks: 11.2 µs fresh, 7.5 µs kept; 5,000: 21.5 and 7.5;
 * docs/benchmarks.md). Between folds it holds no store data, and it does not hold the process open; while
 * a fold writes, it does, as the fold on the main thread did. A thread that dies is replaced at the next fold.
 */
export class FoldThread {
  private worker: Worker | undefined;
  private waiting: { resolve(folded: Folded): void; reject(error: Error): void } | undefined;

  constructor(private readonly moduleUrl: string = import.meta.url) {}

  /** Resolves with what the fold wrote, rejects with why it failed. The Compactor runs one at a time. */
  fold(files: StoreFiles): Promise<Folded> {
    if (this.waiting !== undefined) return Promise.reject(new Error('a fold of this store is already running'));
    const worker = (this.worker ??= this.start());
    worker.ref();
    return new Promise<Folded>((resolve, reject) => {
      this.waiting = { resolve, reject };
      worker.postMessage(files);
    });
  }

  /** Ends the thread (the store is closing); a later fold would start another. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const { source, evaluate } = workerSource(this.moduleUrl, 'store-fold-worker');
    const worker = new Worker(source, { eval: evaluate });
    worker.on('message', (message: FoldMessage) => {
      const waiting = this.answered(worker);
      if (message.ok) waiting?.resolve({ tasks: message.tasks, users: message.users });
      else waiting?.reject(new Error(message.message));
    });
    const gone = (error: Error): void => {
      if (this.worker === worker) this.worker = undefined;
      this.answered(worker)?.reject(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the store's fold worker exited with code ${code}`)));
    return worker;
  }

  private answered(worker: Worker): FoldThread['waiting'] {
    const waiting = this.waiting;
    this.waiting = undefined;
    worker.unref();
    return waiting;
  }
}
