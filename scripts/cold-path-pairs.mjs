// Compares the cold path of taskcast/msw and taskcast/fetch (issue 40 item 4) between two built checkouts, in
// alternating pairs of fresh processes, so a shared machine's load falls on both alike:
//
//   node scripts/cold-path-pairs.mjs <before dir> <after dir> [pairs=7]
//
// Each dir is a checkout with dist/ built (`npm run build`) and node_modules; each run is its own
// bench/lib/msw-probe.mjs `cold` (the figures of `npm run bench -- msw`). Prints, per entry point, the median
// CPU ms of the import, the creation and the three first answers (msw/node's own import not counted), and
// of each step; then the load average. The caches of TASKCAST_CACHE_DIR are kept, as a suite's later files
// find them: run a pair or two first if one side has not written its own.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const [before, after, pairsArg = '7'] = process.argv.slice(2);
if (before === undefined || after === undefined) throw new Error('usage: cold-path-pairs.mjs <before> <after> [pairs]');
const dirs = { before: resolve(before), after: resolve(after) };
const pairs = Number(pairsArg);

function probe(dir, entry) {
  const out = execFileSync(process.execPath, [join(dir, 'bench', 'lib', 'msw-probe.mjs'), 'cold', entry], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').at(-1)).cpu;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const short = (step) =>
  step.startsWith('/gridpoints/') ? 'forecast' : step.split('?')[0].split('/').slice(0, 2).join('/');

const runs = { msw: { before: [], after: [] }, fetch: { before: [], after: [] } };
const loads = [loadavg()[0]];
for (let i = 0; i < pairs; i++) {
  for (const entry of ['msw', 'fetch']) {
    // Which side goes first alternates too.
    const order = i % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    for (const side of order) runs[entry][side].push(probe(dirs[side], entry));
  }
  loads.push(loadavg()[0]);
}

for (const entry of ['msw', 'fetch']) {
  const line = [];
  for (const side of ['before', 'after']) {
    const cpu = runs[entry][side];
    const sums = cpu.map((steps) =>
      Object.entries(steps).reduce((sum, [step, ms]) => (step === 'importMsw' ? sum : sum + ms), 0),
    );
    const steps = Object.keys(cpu[0])
      .filter((step) => step !== 'importMsw')
      .map((step) => `${short(step)} ${median(cpu.map((c) => c[step])).toFixed(0)}`);
    line.push(
      `${side} ${median(sums).toFixed(0)} (${steps.join(', ')}; runs ${sums.map((s) => s.toFixed(0)).join(', ')})`,
    );
  }
  console.log(`${entry}: ${line.join('\n       ')}`);
}
console.log(`load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, ${pairs} pairs`);
