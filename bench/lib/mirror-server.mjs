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
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { bareHandler, h3Handler, openJournal } from './mirror-handlers.mjs';

const recorded = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answers = new Map(
  recorded.map((a) => [
    `${a.method} ${a.path}`,
    { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') },
  ]),
);
const journal = process.argv[3] ? openJournal(process.argv[3]) : undefined;

const server =
  process.env.MIRROR_VIA === 'h3'
    ? createServer(await h3Handler(answers, journal))
    : createServer(bareHandler(answers, journal));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
