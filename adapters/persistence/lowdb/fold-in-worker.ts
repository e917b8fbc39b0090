import { Worker } from 'node:worker_threads';
import { workerSource } from '../../shared/worker-source.ts';
import type { StoreFiles } from './store-files.ts';
import type { Folded } from './fold-store-files.ts';
import type { FoldMessage } from './store-fold-worker.ts';

/**
 * foldStoreFiles on a worker thread (store-fold-worker.ts, beside this module or the bundle that holds it):
 * resolves with what it wrote, rejects with why it failed. The worker holds the process open while it
 * writes, as the fold on the main thread did, and is gone once it has answered.
 */
export function foldInWorker(files: StoreFiles, moduleUrl: string = import.meta.url): Promise<Folded> {
  const { source, evaluate } = workerSource(moduleUrl, 'store-fold-worker');
  const worker = new Worker(source, { eval: evaluate, workerData: files });
  return new Promise<Folded>((resolve, reject) => {
    worker.once('message', (message: FoldMessage) => {
      if (message.ok) resolve({ tasks: message.tasks, users: message.users });
      else reject(new Error(message.message));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the store's fold worker exited with code ${code}`)));
  });
}
