// `node --import ./test/support/hold-after-listening.mjs`: once the server has handed its "Taskcast listening"
// line to the system (fs.writeSync for LOG_FORMAT=pretty, fs.write for JSON), its main thread stops for
// HOLD_AFTER_LISTENING_MS. That stands in for a loaded machine that runs the reader of the line, and its
// SIGTERM, before the server's next statement: on 2 busy cores that happened in 2 of 15 starts, so a test
// that stops a server on that line needs it to be ready for the signal already.
import fs from 'node:fs';

const holdMs = Number(process.env.HOLD_AFTER_LISTENING_MS ?? 1500);
const pause = new Int32Array(new SharedArrayBuffer(4));

for (const name of ['writeSync', 'write']) {
  const original = fs[name];
  fs[name] = function (fd, data, ...rest) {
    const result = original.call(this, fd, data, ...rest);
    if (String(data).includes('Taskcast listening')) Atomics.wait(pause, 0, 0, holdMs);
    return result;
  };
}
