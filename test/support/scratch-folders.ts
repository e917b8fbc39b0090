import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

/**
 * A scratch folder for one test file, removed when the file's tests are done. Each call of the returned
 * function gives the path of a case folder of its own in it, not yet made, so no two tests share a file.
 */
export function scratchFolders(prefix: string): () => string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  return () => join(root, `case-${++n}`);
}
