import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Why a scenario file could not be read, in a few words: `no such file`, `not JSON (…)`. */
export class ScenarioFileUnreadable extends Error {
  override readonly name = 'ScenarioFileUnreadable';
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/**
 * The JSON document in a scenario file (a path, or a file: URL), not yet validated. FORECAST_SCENARIO and
 * the test runner entry points share it, so a missing or broken file reads the same wherever it is named.
 */
export function readScenarioFile(file: string | URL): unknown {
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason =
      error instanceof SyntaxError
        ? `not JSON (${error.message})`
        : (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'no such file'
          : String((error as Error).message);
    throw new ScenarioFileUnreadable(path, reason);
  }
}
