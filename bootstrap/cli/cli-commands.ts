import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkStore, describeReport } from '../../adapters/persistence/lowdb/store-check.ts';
import { CHECK_STORE_HELP, MAIN_HELP, SERVE_HELP } from './cli-help.ts';

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Record<string, string | undefined>;
  /** Starts the server (imports bootstrap/main); only `serve` calls it. */
  readonly serve: () => Promise<unknown>;
}

/** Exit codes: 0 done (or serving), 1 the store is not sound, 2 a usage error. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { help: { type: 'boolean', short: 'h' }, db: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usage(io, (error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command = 'serve', ...extra] = positionals;
  if (extra.length > 0) return usage(io, `unexpected argument ${JSON.stringify(extra[0])}`);

  switch (command) {
    case 'help':
      io.out(MAIN_HELP);
      return 0;
    case 'serve':
      if (values.help) {
        io.out(positionals.length === 0 ? MAIN_HELP : SERVE_HELP);
        return 0;
      }
      if (values.db !== undefined) return usage(io, '--db belongs to check-store; the server reads DB_PATH');
      await io.serve();
      return 0;
    case 'check-store': {
      if (values.help) {
        io.out(CHECK_STORE_HELP);
        return 0;
      }
      if (values.db === '') return usage(io, '--db needs a path');
      const dbPath = resolve(values.db ?? (io.env['DB_PATH'] || './data/tasks.db'));
      const report = await checkStore(dbPath);
      io.out(`${describeReport(dbPath, report)}\n`);
      return report.sound ? 0 : 1;
    }
    default:
      return usage(io, `unknown command ${JSON.stringify(command)}`);
  }
}

function usage(io: CliIo, problem: string): number {
  io.err(`taskcast: ${problem}. Run \`taskcast --help\`.\n`);
  return 2;
}
