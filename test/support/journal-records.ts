import { readFileSync } from 'node:fs';
import { journalRecordsOf } from '../../adapters/persistence/lowdb/journal-reader.ts';

/** The journal's records as text: up to the zeros the journal writes ahead of them, where the reader stops. */
export function journalRecords(path: string): string {
  return journalRecordsOf(readFileSync(path)).toString('utf8');
}
