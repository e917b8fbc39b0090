// A server that does nothing but answer: the bench's calibration for what HTTP alone costs on this machine.
// It serves recorded Taskcast answers (status, headers, body bytes) by method and path from a JSON file;
// for a request with a body it reads and JSON.parses the body first, as any JSON API must.
//
// With a journal file (third argument), a request with a body is also made durable before it is answered,
// the cheapest way Taskcast's own journal knows (adapters/persistence/lowdb/journal.ts): the body, as one
// line, goes into a group commit, one positional O_DSYNC write over a region written with zeros ahead of
// need, up to two commits in flight. No task is built, checked or indexed: what is left is what durability
// itself costs on this machine, the floor of a durable POST.
//
// MIRROR_VIA=h3 answers the same way through h3 instead of bare node:http: the routes' patterns registered
// as Taskcast registers them, each answer a plain header record handed to srvx as Taskcast's hot answers are
// (adapters/http/plain-response.ts). What that costs beyond the bare server is the framework's share of a
// route; what Taskcast costs beyond it is its own.
//
// Usage: PORT=n [MIRROR_VIA=h3] node bench/lib/mirror-server.mjs <answers.json> [journal] (prints the port
// it listens on).
import { closeSync, constants, fdatasyncSync, openSync, readFileSync, write, writeSync } from 'node:fs';
import { createServer } from 'node:http';

const recorded = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answers = new Map(
  recorded.map((a) => [
    `${a.method} ${a.path}`,
    { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') },
  ]),
);
const journal = process.argv[3] ? openJournal(process.argv[3]) : undefined;

/** Reads a request's body into the journal (when there is one) before `send`, as a durable POST must. */
function takeBody(body, send) {
  JSON.parse(body.toString('utf8'));
  if (journal) journal.append(body, send);
  else send();
}

const server = process.env.MIRROR_VIA === 'h3' ? createServer(await h3Handler()) : createServer(bareHandler);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

function bareHandler(req, res) {
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
  req.on('end', () => takeBody(Buffer.concat(chunks), send));
}

async function h3Handler() {
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
    return new Promise((resolve) => takeBody(body, () => resolve(respond())));
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
function openJournal(path) {
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
