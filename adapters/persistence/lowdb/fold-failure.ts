import { DocumentTooLargeError } from './durable-json-file.ts';

/** Why the start-up fold could not write its snapshot, worded for the log line and for `/ready`. */
export interface FoldFailure {
  readonly cause: string;
  readonly message: string;
}

/**
 * A full disk is the common case, but not the only one: a store too large to read back as one JSON text
 * (DocumentTooLargeError) or a failing disk must not be logged as "not enough room".
 */
export function foldFailure(error: unknown): FoldFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof DocumentTooLargeError) {
    return { cause: 'the new snapshot would be too large to read back', message };
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return { cause: 'the disk had no room for a new snapshot', message };
  }
  return { cause: 'the new snapshot could not be written', message };
}
