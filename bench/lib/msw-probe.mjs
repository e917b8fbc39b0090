// One fresh process of `npm run bench -- msw`: plain node on the compiled package (dist/), as a test file
// that imports taskcast/msw or taskcast/fetch gets it. Prints one JSON line. A cold run gives each step's wall
// time and, under `cpu`, its CPU time (process.cpuUsage, user + system, every thread of the process, the alert
// workers included): on a shared machine the wall time moves with the load, the CPU time much less.
//
//   node bench/lib/msw-probe.mjs cold msw|fetch   the creation, then the first answers (data read, alerts made)
//   node bench/lib/msw-probe.mjs warm N           N warm requests per path through each entry point, and
//                                                 through MSW with a handler answering fixed bytes (its floor)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const PATHS = ['/points/39.7456,-97.0892', '/gridpoints/TOP/32,81/forecast', '/alerts/active?point=39.7456,-97.0892'];
const NOW = '2026-05-20T21:00:00Z';
const HEADERS = { 'user-agent': 'taskcast-bench (bench/lib/msw-probe.mjs)' };
/** Where the warm run's floor handler answers: MSW alone, with a fixed answer of the same bytes. */
const FLOOR_ORIGIN = 'https://msw-floor.test';
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
  // MSW's own floor: the same interception, a handler that answers each path's very bytes, made once.
  // server.use puts it first, so Taskcast's requests pay its failed match too, and the floor is MSW's alone.
  const { http, HttpResponse } = await import('msw');
  const fixed = new Map();
  for (const path of PATHS) {
    const response = await nwsFetch(`https://api.weather.gov${path}`, { headers: HEADERS });
    fixed.set(path, { body: await response.text(), type: response.headers.get('content-type') });
  }
  server.use(
    http.get(`${FLOOR_ORIGIN}/*`, ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const { body, type } = fixed.get(pathname + search);
      return new HttpResponse(body, { headers: { 'content-type': type } });
    }),
  );
  const entries = {
    msw: (url) => fetch(url, { headers: HEADERS }),
    fetch: (url) => nwsFetch(url, { headers: HEADERS }),
    floor: (url) => fetch(url.replace('https://api.weather.gov', FLOOR_ORIGIN), { headers: HEADERS }),
  };
  for (const get of Object.values(entries)) await firstAnswers(get); // warm: data read, documents cached, alerts made
  // Then N untimed rounds over every path and entry point, so that no path is timed while V8 is still
  // optimising the code all of them share: timed first, any one path came out ~2× its steady state (2026-11-27:
  // the first path's MSW floor 0.31–0.35 ms, the same path timed last 0.16 ms).
  for (let i = 0; i < n; i++) {
    for (const path of PATHS) {
      for (const get of Object.values(entries)) await (await get(`https://api.weather.gov${path}`)).arrayBuffer();
    }
  }
  // The entry points take turns request by request, after a round untimed, so a shared machine's load and
  // the collector fall on each alike.
  const result = {};
  for (const path of PATHS) {
    const samples = Object.fromEntries(Object.keys(entries).map((entry) => [entry, []]));
    for (let i = -Math.min(n, 50); i < n; i++) {
      for (const [entry, get] of Object.entries(entries)) {
        const started = performance.now();
        const response = await get(`https://api.weather.gov${path}`);
        await response.arrayBuffer();
        if (i >= 0) samples[entry].push(performance.now() - started);
      }
    }
    for (const [entry, times] of Object.entries(samples)) {
      times.sort((a, b) => a - b);
      result[`${entry} ${path}`] = {
        p50: times[Math.floor(n * 0.5)],
        p99: times[Math.min(n - 1, Math.floor(n * 0.99))],
        max: times[n - 1],
      };
    }
  }
  server.close();
  console.log(JSON.stringify(result));
} else {
  throw new Error('usage: msw-probe.mjs cold msw|fetch | warm N');
}
