// A compaction's fold in a worker thread (fold-store-files.ts): the snapshot's parse, the replay and the new
// snapshot's JSON, which on the main thread took 7–10% of its time in a flood of POSTs (docs/benchmarks.md).
// Spawned by the Compactor; bundled beside the server's main module (bootstrap/server/server-bundle.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import type { StoreFiles } from './store-files.ts';
import { foldStoreFiles } from './fold-store-files.ts';

/** What the worker posts back: the fold's figures, or why it failed. */
export type FoldMessage =
  | { readonly ok: true; readonly tasks: number; readonly users: number }
  | { readonly ok: false; readonly message: string };

const post = (message: FoldMessage): void => parentPort?.postMessage(message);

foldStoreFiles(workerData as StoreFiles).then(
  (folded) => post({ ok: true, ...folded }),
  (error: unknown) => post({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
