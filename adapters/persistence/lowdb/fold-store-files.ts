import { StoreState, type StoreDocument } from '../memory/store-state.ts';
import type { StoreFiles } from './store-files.ts';
import { documentSlices } from './document-slices.ts';
import { DurableJsonFile } from './durable-json-file.ts';
import { readJournal } from './journal-reader.ts';
import { checkedSnapshot } from './store-reader.ts';

/** What a fold wrote, for the log. */
export interface Folded {
  readonly tasks: number;
  readonly users: number;
}

/**
 * A compaction's work, from the files alone: the snapshot, with the journal moved aside (`.compacting`)
 * replayed on top, written as the new snapshot (temp file, fsync, atomic rename). Start-up reads a store
 * the same way (readStore); here the live journal is left out, since it goes on taking writes. What it
 * writes is the state at the moment the journal was moved aside, whatever the server does meanwhile, which
 * is why it can run in a worker (store-fold-worker.ts) and cost the request path nothing.
 */
export async function foldStoreFiles(files: StoreFiles): Promise<Folded> {
  const file = new DurableJsonFile<StoreDocument>(
    files.snapshot,
    (data) => checkedSnapshot(data, files.snapshot),
    documentSlices,
  );
  const snapshot = await file.read();
  if (snapshot === null) throw new Error(`the snapshot ${files.snapshot} is missing`);
  const state = StoreState.fromDocument(snapshot);
  for (const change of readJournal(files.compacting).changes) state.replay(change);
  const doc = state.toDocument();
  await file.write(doc);
  return { tasks: doc.tasks.length, users: doc.users.length };
}
