/**
 * The journal on its own: records written over zeros written ahead of them, several batches in flight at
 * once and acknowledged in order, a failed batch cut off with everything after it, and a reader that stops
 * at the zeros (which is what makes a crash with batches in flight safe).
 */
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  Journal,
  nodeJournalFileOps,
  openJournalFile,
  type JournalFileOps,
} from '../../../adapters/persistence/lowdb/journal.ts';
import { readJournal } from '../../../adapters/persistence/lowdb/journal-reader.ts';
import { StoreOpenError } from '../../../adapters/persistence/lowdb/store-open-error.ts';
import { journalRecords } from '../../support/journal-records.ts';

const root = mkdtempSync(join(tmpdir(), 'taskcast-journal-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshPath = () => join(root, `journal-${++n}`);
const line = (i: number) => JSON.stringify({ kind: 'delete-task', id: `task-${i}` });
const turn = () => new Promise((resolve) => setImmediate(resolve));
/** Waits (real file writes take a while) until `condition` holds; fails after two seconds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    assert.ok(Date.now() < deadline, `timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

interface HeldWrite {
  readonly start: number;
  readonly end: number;
  readonly zeros: boolean;
  release(outcome?: 'ok' | 'fail'): void;
}

/**
 * Real file operations whose writes wait until the test releases them, in any order. It fails the test if
 * two writes in flight ever cover the same bytes (they could land in either order).
 */
class HeldDisk implements JournalFileOps {
  readonly held: HeldWrite[] = [];
  readonly overlaps: string[] = [];
  holding = true;
  /** Writes that reached the file. */
  completed = 0;
  private readonly inFlight = new Set<{ start: number; end: number }>();

  async write(fd: number, data: Uint8Array, position: number): Promise<number> {
    const span = { start: position, end: position + data.length };
    for (const other of this.inFlight) {
      if (span.start < other.end && other.start < span.end)
        this.overlaps.push(`[${span.start}, ${span.end}) over [${other.start}, ${other.end})`);
    }
    this.inFlight.add(span);
    try {
      if (this.holding) {
        const outcome = await new Promise<'ok' | 'fail'>((resolve) => {
          this.held.push({ ...span, zeros: data.every((byte) => byte === 0), release: (o = 'ok') => resolve(o) });
        });
        if (outcome === 'fail') {
          await nodeJournalFileOps.write(fd, data.subarray(0, data.length >> 1), position);
          throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
        }
      }
      const written = await nodeJournalFileOps.write(fd, data, position);
      this.completed++;
      return written;
    } finally {
      this.inFlight.delete(span);
    }
  }

  datasync = nodeJournalFileOps.datasync;
  truncate = nodeJournalFileOps.truncate;

  /** The held write of records (not zeros) that starts at `start`, taken off the list. */
  take(predicate: (write: HeldWrite) => boolean): HeldWrite {
    const index = this.held.findIndex(predicate);
    assert.notEqual(index, -1, `no held write matches; held: ${JSON.stringify(this.held)}`);
    return this.held.splice(index, 1)[0]!;
  }

  /** Releases the first fill (the zeros a new journal starts with) and waits until the journal is done with it. */
  async releaseFirstFill(journal: Journal): Promise<void> {
    this.take((w) => w.zeros).release();
    await journal.flush();
  }

  /** Stops holding, and lets go of whatever is held. */
  releaseAll(): void {
    this.holding = false;
    for (const write of this.held.splice(0)) write.release();
  }
}

/** Appends lines 1 to 3 a turn apart, so each is a batch of its own, and waits until all three writes are held. */
async function threeBatchesInFlight<T>(
  disk: HeldDisk,
  append: (i: number) => Promise<T>,
): Promise<{ results: Promise<T>[]; writes: [HeldWrite, HeldWrite, HeldWrite] }> {
  const results: Promise<T>[] = [];
  for (const i of [1, 2, 3]) {
    results.push(append(i));
    await turn();
  }
  await until(() => disk.held.length === 3, 'three batches in flight at once');
  const writes = [...disk.held].sort((a, b) => a.start - b.start) as [HeldWrite, HeldWrite, HeldWrite];
  return { results, writes };
}

function open(path: string, options: ConstructorParameters<typeof Journal>[1] = {}): Journal {
  return new Journal(openJournalFile(path, false).fd, options);
}

describe('journal', () => {
  test('records go over zeros written ahead of them, and the reader stops at the zeros', async () => {
    const path = freshPath();
    const journal = open(path);
    await Promise.all([1, 2, 3].map((i) => journal.append(line(i))));
    await journal.append(line(4));
    await journal.flush();
    const expected = [1, 2, 3, 4].map(line).join('\n') + '\n';
    assert.equal(journalRecords(path), expected);
    assert.equal(journal.size, Buffer.byteLength(expected));
    assert.ok(statSync(path).size >= 64 * 1024, `zeros were written ahead (${statSync(path).size} bytes)`);
    const replay = readJournal(path);
    assert.deepEqual(
      replay.changes.map((change) => (change as { id: string }).id),
      ['task-1', 'task-2', 'task-3', 'task-4'],
    );
    assert.equal(replay.bytes, Buffer.byteLength(expected), 'the bytes of records, not the file');
    assert.deepEqual(replay.notes, []);
    closeSync(journal.descriptor);
  });

  test('batches in flight together are acknowledged in journal order, whichever the disk finishes first', async () => {
    const path = freshPath();
    const disk = new HeldDisk();
    const durable: number[] = [];
    const journal = open(path, { ops: disk, depth: 3 });
    await disk.releaseFirstFill(journal);
    const {
      results: appends,
      writes: [first, second, third],
    } = await threeBatchesInFlight(disk, (i) => journal.append(line(i), () => durable.push(i)));
    disk.take((w) => w === third).release();
    disk.take((w) => w === second).release();
    await until(() => disk.completed === 3, 'the second and third batches on the file');
    await turn();
    assert.deepEqual(durable, [], 'nothing is acknowledged while an earlier batch is in flight');
    disk.take((w) => w === first).release();
    await Promise.all(appends);
    assert.deepEqual(durable, [1, 2, 3]);
    assert.equal(journalRecords(path), [1, 2, 3].map(line).join('\n') + '\n');
    assert.deepEqual(disk.overlaps, []);
    closeSync(journal.descriptor);
  });

  test('a failed batch is cut off with every batch after it; the ones before it stand; writes resume', async () => {
    const path = freshPath();
    const disk = new HeldDisk();
    const failures: string[] = [];
    const journal = open(path, { ops: disk, depth: 3, onFailure: (error) => failures.push(error.message) });
    await disk.releaseFirstFill(journal);
    const {
      results: outcomes,
      writes: [first, second, third],
    } = await threeBatchesInFlight(disk, (i) =>
      journal.append(line(i)).then(
        () => 'durable',
        (error: Error) => error.name,
      ),
    );
    disk.take((w) => w === third).release(); // lands on disk, but behind the failure: undone
    disk.take((w) => w === second).release('fail');
    disk.take((w) => w === first).release();
    disk.releaseAll(); // the cut-back writes zeros too
    assert.deepEqual(await Promise.all(outcomes), ['durable', 'JournalWriteError', 'JournalWriteError']);
    assert.equal(failures.length, 1);
    assert.match(failures[0]!, /EIO/);
    assert.equal(journalRecords(path), line(1) + '\n', 'only the batch before the failure');
    const rest = readFileSync(path).subarray(Buffer.byteLength(line(1) + '\n'));
    assert.ok(
      rest.every((byte) => byte === 0),
      'the torn batch and the one after it are zeros again',
    );

    await journal.append(line(4));
    assert.equal(journalRecords(path), `${line(1)}\n${line(4)}\n`);
    assert.deepEqual(disk.overlaps, []);
    closeSync(journal.descriptor);
  });

  test('a batch never goes into zeros still being written; past the zeros it appends', async () => {
    const path = freshPath();
    const disk = new HeldDisk();
    const journal = open(path, { ops: disk, depth: 2 });
    const fill = disk.take((w) => w.zeros); // the first stretch of zeros, held
    const appended = journal.append(line(1));
    for (let i = 0; i < 5; i++) await turn();
    assert.equal(disk.held.length, 0, 'the batch waits for the zeros under it');
    fill.release();
    await until(() => disk.held.length === 1, 'the batch, once the zeros are written');
    disk.take((w) => !w.zeros).release();
    await appended;

    // Many batches, released in random order: never two writes over the same bytes, and the records in order.
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const durable: number[] = [];
    const all: Promise<void>[] = [];
    for (let i = 2; i <= 400; i++) {
      all.push(journal.append(`${line(i)}${' '.repeat(300)}`, () => durable.push(i)));
      if (random() < 0.3) await turn();
      if (disk.held.length > 0 && random() < 0.5)
        disk.held.splice(Math.floor(random() * disk.held.length), 1)[0]!.release();
    }
    const deadline = Date.now() + 5000;
    while (durable.length < 399) {
      assert.ok(Date.now() < deadline, `only ${durable.length} of 399 acknowledged`);
      for (const write of disk.held.splice(0)) write.release();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(all);
    assert.deepEqual(
      durable,
      Array.from({ length: 399 }, (_, i) => i + 2),
      'acknowledged in order',
    );
    assert.deepEqual(disk.overlaps, []);
    const replay = readJournal(path);
    assert.equal(replay.changes.length, 400);
    assert.ok(statSync(path).size > 128 * 1024, 'the zeros were extended ahead of the records');
    disk.releaseAll();
    await journal.flush();
    closeSync(journal.descriptor);
  });

  test('when the zeros cannot be written (a full disk), batches append past them', async () => {
    const path = freshPath();
    const ops: JournalFileOps = {
      ...nodeJournalFileOps,
      write: async (fd, data, position) => {
        if (data.every((byte) => byte === 0))
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        return nodeJournalFileOps.write(fd, data, position);
      },
    };
    const journal = open(path, { ops });
    await Promise.all([1, 2].map((i) => journal.append(line(i))));
    await journal.append(line(3));
    assert.equal(readFileSync(path, 'utf8'), [1, 2, 3].map(line).join('\n') + '\n', 'no zeros, records only');
    await journal.flush();
    closeSync(journal.descriptor);
  });

  test('housekeeping runs with nothing in flight, and batches wait for it', async () => {
    const path = freshPath();
    let inFlight = 0;
    let maxDuringHousekeeping = -1;
    const ops: JournalFileOps = {
      ...nodeJournalFileOps,
      write: async (fd, data, position) => {
        inFlight++;
        try {
          await turn();
          return await nodeJournalFileOps.write(fd, data, position);
        } finally {
          inFlight--;
        }
      },
    };
    let runs = 0;
    const journal = open(path, {
      ops,
      depth: 4,
      housekeeping: {
        due: (bytes) => runs === 0 && bytes > 2000,
        run: async () => {
          runs++;
          maxDuringHousekeeping = Math.max(maxDuringHousekeeping, inFlight);
          await turn();
          maxDuringHousekeeping = Math.max(maxDuringHousekeeping, inFlight);
        },
      },
    });
    const all: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      all.push(journal.append(line(i)));
      if (i % 7 === 0) await turn();
    }
    await Promise.all(all);
    await journal.flush();
    assert.equal(runs, 1);
    assert.equal(maxDuringHousekeeping, 0, 'no write was in flight while it ran');
    assert.equal(readJournal(path).changes.length, 200);
    closeSync(journal.descriptor);
  });

  test('the reader stops at the first zero: a later batch behind one a crash cut short is not replayed', () => {
    const path = freshPath();
    const first = `${line(1)}\n`;
    const torn = `${line(2)}\n`.slice(0, 20);
    const later = `${line(3)}\n`;
    // What a crash can leave with two batches in flight: the later one whole, the earlier one cut short.
    const file = Buffer.alloc(4096);
    file.write(first, 0);
    file.write(torn, first.length);
    file.write(later, first.length + `${line(2)}\n`.length);
    writeFileSync(path, file);
    const replay = readJournal(path);
    assert.deepEqual(
      replay.changes.map((change) => (change as { id: string }).id),
      ['task-1'],
    );
    assert.equal(replay.notes.length, 2);
    assert.match(replay.notes[0]!, /dropped the final record .*\(line 2, 20 bytes\)/);
    assert.match(
      replay.notes[1]!,
      /ignored \d+ bytes .* after byte \d+: a batch a crash left behind an unfinished one/,
    );
  });

  // Issue 36: a zeroed block in the middle used to end the replay there, silently, dropping every later record.
  test('zeros followed by records that are not a lone batch in flight: refused, naming the offset, file untouched', () => {
    const records = Array.from({ length: 600 }, (_, i) => `${line(i)}\n`).join('');
    const cases: Array<[string, Buffer, number]> = [];
    const block = Buffer.from(records);
    block.fill(0, 4096, 8192); // a zeroed 4 KiB block: the data after it resumes inside a record
    cases.push(['a zeroed block', block, 4096]);
    const twoRuns = Buffer.alloc(4096);
    twoRuns.write(`${line(1)}\n`, 0);
    twoRuns.write(`${line(2)}\n`, 200);
    twoRuns.write(`${line(3)}\n`, 400); // two runs past the zeros: more than one batch in flight
    cases.push(['two runs past the zeros', twoRuns, `${line(1)}\n`.length]);
    for (const [what, file, zerosAt] of cases) {
      const path = freshPath();
      writeFileSync(path, file);
      assert.throws(
        () => readJournal(path),
        (error: Error) =>
          error instanceof StoreOpenError &&
          error.message.includes(`is damaged at byte ${zerosAt}`) &&
          error.message.includes(`truncate -s ${zerosAt}`) &&
          !error.message.includes('\n'),
        what,
      );
      assert.deepEqual(readFileSync(path), file, `${what}: the file is left untouched`);
    }
    // Zeros at the very end (written ahead, or a batch a crash cut short) are a torn tail, not damage.
    const tail = Buffer.alloc(8192);
    tail.write(records.slice(0, 3000), 0);
    const path = freshPath();
    writeFileSync(path, tail);
    assert.ok(readJournal(path).changes.length > 0);
  });
});

/**
 * Runs `read` with Buffer#toString refusing more than `limit` bytes at once, as V8 refuses strings over
 * 2^29 - 24 characters (~512 MiB): a journal read as one string fails here at a few KiB.
 */
function withStringLimit<T>(limit: number, read: () => T): T {
  const original = Buffer.prototype.toString;
  Buffer.prototype.toString = function (this: Buffer, encoding?: BufferEncoding, start = 0, end = this.length) {
    if (Math.min(end, this.length) - start > limit)
      throw Object.assign(new Error(`Cannot create a string longer than ${limit} characters`), {
        code: 'ERR_STRING_TOO_LONG',
      });
    return original.call(this, encoding, start, end);
  };
  try {
    return read();
  } finally {
    Buffer.prototype.toString = original;
  }
}

describe('journal reader, a run of lines at a time', () => {
  // Ids of one to four UTF-8 bytes a character, so runs end next to (never inside) multi-byte characters.
  const wide = (i: number) => JSON.stringify({ kind: 'delete-task', id: `t-${i}-é-€-🌧-${'x'.repeat(i % 13)}` });
  const ids = (replay: ReturnType<typeof readJournal>) => replay.changes.map((change) => (change as { id: string }).id);

  test('a journal many times the longest string decodes whole, with its torn tail and zeros, at any run size', () => {
    const lines = Array.from({ length: 300 }, (_, i) => wide(i));
    const tail = wide(300); // complete but for its newline: recovered
    const text = `${lines.join('\n')}\n${tail}`;
    const file = Buffer.concat([Buffer.from(text), Buffer.alloc(4096)]);
    assert.ok(file.length > 4 * 4096);
    const path = freshPath();
    writeFileSync(path, file);
    const expected = [...lines, tail].map((l) => (JSON.parse(l) as { id: string }).id);
    for (const chunkBytes of [1, 7, 50, 1000, 4096]) {
      const replay = withStringLimit(4096, () => readJournal(path, chunkBytes));
      assert.deepEqual(ids(replay), expected, `runs of ${chunkBytes} bytes`);
      assert.equal(replay.bytes, Buffer.byteLength(text));
      assert.equal(replay.completeBytes, Buffer.byteLength(text) - Buffer.byteLength(tail));
      assert.equal(replay.recoveredTail, tail);
      assert.match(replay.notes[0]!, /recovered the final record .*\(line 301\)/);
    }
    // Cut inside its last character: the tail is dropped, counted in bytes.
    const torn = freshPath();
    writeFileSync(torn, Buffer.from(text).subarray(0, Buffer.byteLength(text) - 3));
    const replay = withStringLimit(4096, () => readJournal(torn, 1000));
    assert.equal(replay.changes.length, 300);
    assert.match(
      replay.notes[0]!,
      new RegExp(`dropped the final record .*\\(line 301, ${Buffer.byteLength(tail) - 3} bytes\\)`),
    );
  });

  test('a bad line is named by its number across runs', () => {
    const path = freshPath();
    const lines = Array.from({ length: 100 }, (_, i) => wide(i));
    lines[77] = '{"kind":"delete-task"';
    writeFileSync(path, `${lines.join('\n')}\n`);
    assert.throws(
      () => readJournal(path, 64),
      (error: Error) => error instanceof StoreOpenError && error.message.includes('damaged at line 78 (not JSON)'),
    );
  });

  test('a record too long for one string is refused with a StoreOpenError naming the file and line', () => {
    const path = freshPath();
    writeFileSync(path, `${wide(1)}\n${wide(2)}\n${JSON.stringify({ kind: 'delete-task', id: 'y'.repeat(5000) })}\n`);
    assert.throws(
      () => withStringLimit(4096, () => readJournal(path, 1000)),
      (error: Error) =>
        error instanceof StoreOpenError &&
        error.message.includes(`${path} has a record at line 3 too long to read`) &&
        !error.message.includes('\n'),
    );
  });
});
