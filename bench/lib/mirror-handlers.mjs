// The mirror's answers (bench/lib/mirror-server.mjs), as handlers that other benches can hand a server of their
// own (bench/in-memory-requests.mts drives them in memory): `answers` maps `METHOD /path?query` to a recorded
// { status, headers, body }, and `journal` (from `openJournal`, or undefined) makes a request body durable
// before its answer, the cheapest way Taskcast's own journal knows (adapters/persistence/lowdb/journal.ts).
import { closeSync, constants, fdatasyncSync, openSync, write, writeSync } from 'node:fs';

/** Reads a request's body into the journal (when there is one) before `send`, as a durable POST must. */
function takeBody(journal, body, send) {
  JSON.parse(body.toString('utf8'));
  if (journal) journal.append(body, send);
  else send();
}

export function bareHandler(answers, journal) {
  return (req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    const send = () => {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    };
    if (req.method === 'GET' || req.method === 'HEAD') return send();
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => takeBody(journal, Buffer.concat(chunks), send));
  };
}

export async function h3Handler(answers, journal) {
  const { H3, HTTPResponse, toNodeHandler } = await import('h3');
  class PlainResponse extends HTTPResponse {
    #fields;
    constructor(body, init) {
      super(body, init);
      this.#fields = init.headers;
    }
    get headers() {
      return this.#fields;
    }
  }
  const app = new H3();
  const handler = async (event) => {
    const answer = answers.get(`${event.req.method} ${event.url.pathname}${event.url.search}`);
    if (!answer) return new PlainResponse(null, { status: 404, headers: {} });
    const respond = () => new PlainResponse(answer.body, { status: answer.status, headers: answer.headers });
    if (event.req.method === 'GET' || event.req.method === 'HEAD') return respond();
    // Read from the Node request itself, as Taskcast does (adapters/http/read-json-body.ts): srvx answers
    // arrayBuffer() by building a whole WHATWG Request first.
    const body = await new Promise((resolve, reject) => {
      const chunks = [];
      const req = event.req.runtime.node.req;
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
    return new Promise((resolve) => takeBody(journal, body, () => resolve(respond())));
  };
  for (const pattern of ['/health', '/api/tasks', '/points/:point', '/gridpoints/:office/:xy/forecast'])
    app.all(pattern, handler);
  return toNodeHandler(app);
}

/**
 * Group commit: lines wait while the commits in flight are full, then go out together. The file is filled
 * with zeros first (and made durable), so a commit overwrites blocks already written and never waits for the
 * file system to record a new size; past the end it wraps, since only the cost is measured.
 */
export function openJournal(path) {
  const SIZE = 64 * 1024 * 1024;
  const DEPTH = 2;
  const zeros = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, 0o600);
  const block = Buffer.alloc(1024 * 1024);
  for (let at = 0; at < SIZE; at += block.length) writeSync(zeros, block, 0, block.length, at);
  fdatasyncSync(zeros);
  closeSync(zeros);
  const fd = openSync(path, constants.O_WRONLY | constants.O_DSYNC);
  let position = 0;
  let inFlight = 0;
  let waiting = [];
  const NEWLINE = Buffer.from('\n');
  const flush = () => {
    if (inFlight >= DEPTH || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    const data = Buffer.concat(batch.flatMap((entry) => [entry.line, NEWLINE]));
    if (position + data.length > SIZE) position = 0;
    const at = position;
    position += data.length;
    inFlight++;
    write(fd, data, 0, data.length, at, (error) => {
      if (error) throw error;
      inFlight--;
      for (const entry of batch) entry.done();
      flush();
    });
  };
  return {
    append(line, done) {
      waiting.push({ line, done });
      flush();
    },
  };
}
