import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npm, runByHand } from './hand-run-env.ts';

/**
 * `npm pack` for the tests that install the library, once per test run. Packing runs `prepack`, which
 * deletes and rebuilds dist/: two test files packing at once (node --test runs files in parallel) would
 * pack each other's half-built dist. So the first file to get here packs, under a lock, and the others
 * wait for its tarball and copy it. The lock belongs to this test run (the runner's pid, their common
 * parent), so a killed run leaves nothing that blocks the next one.
 */
export interface PackedTarball {
  /** The tarball, copied into `destination`. */
  readonly path: string;
  readonly files: readonly string[];
  /** The bytes the tarball unpacks to (npm pack's `unpackedSize`). */
  readonly unpackedSize: number;
}

const WAIT_MS = 300_000;
const root = fileURLToPath(new URL('../..', import.meta.url));

export async function packedTarball(destination: string): Promise<PackedTarball> {
  const shared = join(tmpdir(), `taskcast-pack-${process.ppid}`);
  const lock = `${shared}.lock`;
  const done = join(shared, 'manifest.json');
  let owner = false;
  try {
    mkdirSync(lock);
    owner = true;
  } catch {
    // another test file of this run is packing
  }
  if (owner) {
    try {
      rmSync(shared, { recursive: true, force: true });
      mkdirSync(shared, { recursive: true });
      const out = runByHand(npm, ['pack', '--json', '--pack-destination', shared], root);
      const [manifest] = JSON.parse(out.slice(out.indexOf('['))) as {
        filename: string;
        files: { path: string }[];
        unpackedSize: number;
      }[];
      if (!manifest) throw new Error(`npm pack printed no manifest:\n${out}`);
      writeFileSync(
        done,
        JSON.stringify({
          filename: manifest.filename,
          files: manifest.files.map((f) => f.path),
          unpackedSize: manifest.unpackedSize,
        }),
      );
    } catch (error) {
      writeFileSync(join(shared, 'failed'), String(error instanceof Error ? error.message : error));
      throw error;
    }
  } else {
    const deadline = Date.now() + WAIT_MS;
    while (!existsSync(done)) {
      if (existsSync(join(shared, 'failed')))
        throw new Error(`packing failed in another test file: ${readFileSync(join(shared, 'failed'), 'utf8')}`);
      if (Date.now() > deadline) throw new Error('timed out waiting for another test file to pack the library');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const manifest = JSON.parse(readFileSync(done, 'utf8')) as {
    filename: string;
    files: string[];
    unpackedSize: number;
  };
  const path = join(destination, manifest.filename);
  copyFileSync(join(shared, manifest.filename), path);
  return { path, files: manifest.files, unpackedSize: manifest.unpackedSize };
}

/**
 * A scratch folder holding the packed tarball and, beside it, `consumer`: an empty ES-module project named
 * `name` to install the tarball into. Removed when `body` ends, however it ends.
 */
export async function inConsumerProject(
  prefix: string,
  name: string,
  body: (project: { work: string; consumer: string; tarball: PackedTarball }) => Promise<void>,
): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const consumer = join(work, 'consumer');
  try {
    const tarball = await packedTarball(work);
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
    await body({ work, consumer, tarball });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
