import { readFileSync } from 'node:fs';

/** The journal's records: its text up to the zeros the journal writes ahead of them (as the reader stops there). */
export function journalRecords(path: string): string {
  const buffer = readFileSync(path);
  const zeros = buffer.indexOf(0);
  return (zeros === -1 ? buffer : buffer.subarray(0, zeros)).toString('utf8');
}
