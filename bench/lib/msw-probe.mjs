// One fresh process of `npm run bench -- msw`: plain node on the compiled package (dist/), as a test file
// that imports taskcast/msw or taskcast/fetch gets it. Prints one JSON line. A cold run gives each step's wall
// time and, under `cpu`, its CPU time (process.cpuUsage, user + system, every thread of the process, the alert
// workers included): on a shared machine the wall time moves with the load, the CPU time much less.
//
//   node bench/lib/msw-probe.mjs cold msw|fetch   the creation, then the first answers (data read, alerts made)
//   node bench/lib/msw-probe.mjs warm N           N warm requests per path through each entry point
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const PATHS = ['/points/39.7456,-97.0892', '/gridpoints/TOP/32,81/forecast', '/alerts/active?point=39.7456,-97.0892'];
const NOW = '2026-05-20T21:00:00Z';
const HEADERS = { 'user-agent': 'taskcast-bench (bench/lib/msw-probe.mjs)' };
const root = new URL('../../', import.meta.url);
/** What `import('taskcast/msw')` and `import('taskcast/fetch')` load: the package's own `exports`. */
const { exports } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const entry = {
  msw: new URL(exports['./msw'].default, root).href,
  fetch: new URL(exports['./fetch'].default, root).href,
};
const [mode, arg] = process.argv.slice(2);

/** CPU time of the whole process so far (every thread), in ms. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The CPU time of each step timed, by the name it was given. */
const cpu = {};

async function timed(work, name) {
  const started = performance.now();
  const startedCpu = cpuMs();
  const value = await work();
  if (name !== undefined) cpu[name] = cpuMs() - startedCpu;
  return [performance.now() - started, value];
}

/** The time of each first answer: the catalogue read, the document built, the alert cycle generated. */
async function firstAnswers(get) {
  const out = {};
  for (const path of PATHS) {
    const [ms, status] = await timed(async () => {
      const response = await get(`https://api.weather.gov${path}`);
      await response.arrayBuffer();
      return response.status;
    }, path);
    if (status !== 200) throw new Error(`${path}: ${status}`);
    out[path] = ms;
  }
  return out;
}

if (mode === 'cold') {
  const result = { sinceProcessStartMs: performance.now(), cpuBeforeMs: cpuMs() };
  if (arg === 'msw') {
    const [importMsw, { setupServer }] = await timed(() => import('msw/node'), 'importMsw');
    const [importTaskcast, { weatherGovHandlers }] = await timed(() => import(entry.msw), 'importTaskcast');
    const [create, nws] = await timed(() => weatherGovHandlers({ now: NOW }), 'create');
    const server = setupServer(...nws.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    Object.assign(result, {
      importMsw,
      importTaskcast,
      create,
      first: await firstAnswers((url) => fetch(url, { headers: HEADERS })),
    });
    server.close();
  } else {
    const [importTaskcast, { createWeatherGovFetch }] = await timed(() => import(entry.fetch), 'importTaskcast');
    const [create, nwsFetch] = await timed(() => createWeatherGovFetch({ now: NOW }), 'create');
    Object.assign(result, {
      importMsw: 0,
      importTaskcast,
      create,
      first: await firstAnswers((url) => nwsFetch(url, { headers: HEADERS })),
    });
  }
  result.cpu = cpu;
  result.cpuTotalMs = cpuMs(); // the whole process so far, node's own start included
  console.log(JSON.stringify(result));
} else if (mode === 'warm') {
  const n = Number(arg);
  const { setupServer } = await import('msw/node');
  const { weatherGovHandlers } = await import(entry.msw);
  const { createWeatherGovFetch } = await import(entry.fetch);
  const nws = await weatherGovHandlers({ now: NOW });
  const nwsFetch = await createWeatherGovFetch({ now: NOW });
  const server = setupServer(...nws.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const entries = {
    msw: (url) => fetch(url, { headers: HEADERS }),
    fetch: (url) => nwsFetch(url, { headers: HEADERS }),
  };
  const result = {};
  for (const [entry, get] of Object.entries(entries)) {
    await firstAnswers(get); // warm: data read, documents cached, alert cycle made
    for (const path of PATHS) {
      const samples = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        const response = await get(`https://api.weather.gov${path}`);
        await response.arrayBuffer();
        samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      result[`${entry} ${path}`] = {
        p50: samples[Math.floor(n * 0.5)],
        p99: samples[Math.min(n - 1, Math.floor(n * 0.99))],
        max: samples[n - 1],
      };
    }
  }
  server.close();
  console.log(JSON.stringify(result));
} else {
  throw new Error('usage: msw-probe.mjs cold msw|fetch | warm N');
}
