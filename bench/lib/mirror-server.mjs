// A server that does nothing but answer: the bench's calibration for what HTTP alone costs on this machine.
// It serves recorded Taskcast answers (status, headers, body bytes) by method and path from a JSON file;
// for a request with a body it reads and JSON.parses the body first, as any JSON API must. Plain node:http,
// no framework. Usage: PORT=n node bench/lib/mirror-server.mjs <answers.json> (prints the port it listens on).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const recorded = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answers = new Map(recorded.map((a) => [`${a.method} ${a.path}`, { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') }]));

const server = createServer((req, res) => {
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
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    send();
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
