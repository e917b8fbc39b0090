import { createRequire } from 'node:module';

/**
 * The packages only the server needs, which package.json lists as optional dependencies so that a
 * weather-only install (taskcast/msw, taskcast/fetch) can leave them out: bcrypt for the task API's
 * passwords always, pg and ioredis when configured. (Swagger UI, for /docs, ships in the package itself:
 * adapters/http/docs/swagger-ui-assets.ts.)
 */
export function serverPackages(uses: { readonly postgres: boolean; readonly redis: boolean }): string[] {
  return ['@node-rs/bcrypt', ...(uses.postgres ? ['pg'] : []), ...(uses.redis ? ['ioredis'] : [])];
}

/**
 * Those of `names` that cannot be resolved from here. Checked at start-up, so a server started without
 * them stops with the one command that fixes it, rather than on the first sign-up or /docs request.
 */
export function missingPackages(names: readonly string[], from: string = import.meta.url): string[] {
  const require = createRequire(from);
  return names.filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** The start-up refusal: what is missing, why it may be, and the command. */
export function missingPackagesMessage(missing: readonly string[]): string {
  return (
    `taskcast serve needs ${missing.join(', ')}, optional dependencies that a weather-only install ` +
    `(--omit=optional) leaves out. Install ${missing.length === 1 ? 'it' : 'them'}: npm install ${missing.join(' ')}`
  );
}
