import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The environment for a child npm or node that must behave as if run by hand, not as part of this test run.
 * Under `npm test`, npm exports this checkout's settings (npm_config_local_prefix, npm_package_*, the running
 * command) and node:test its context; only the npm cache location and user config are kept, and the child
 * node gets no loader options.
 */
export const handRunEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      key !== 'NODE_OPTIONS' &&
      key !== 'INIT_CWD' &&
      key !== 'NODE_TEST_CONTEXT' &&
      (!key.startsWith('npm_') || key === 'npm_config_cache' || key === 'npm_config_userconfig'),
  ),
);

export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const npmCheck = spawnSync(npm, ['--version'], { env: handRunEnv, encoding: 'utf8' });
/** The `skip` option of a test that needs npm: false, or why it cannot run. */
export const npmSkip: false | string =
  npmCheck.status === 0 ? false : `npm is not available (${npmCheck.error?.message ?? npmCheck.stderr.trim()})`;

/** Runs a command as if by hand: its stdout, or an error that carries both outputs. */
export function runByHand(
  command: string,
  args: readonly string[],
  cwd: string,
  extraEnv: NodeJS.ProcessEnv = {},
): string {
  try {
    return execFileSync(command, args, {
      cwd,
      env: { ...handRunEnv, ...extraEnv },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`, {
      cause: error,
    });
  }
}

const tsc = join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * Type-checks `files` in `consumer` with this checkout's tsc as a strict NodeNext project of the library's
 * users would, the shipped .d.ts files included (skipLibCheck off); throws with tsc's report.
 */
export function typecheckConsumer(consumer: string, files: readonly string[]): void {
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files,
    }),
  );
  runByHand(process.execPath, [tsc, '-p', consumer], consumer);
}
