/** What a Node built-in that only the server or the task service uses does when called in the browser. */
export function unavailable(what: string): never {
  throw new Error(`${what} is not available in the browser build of the weather double (taskcast/msw/browser)`);
}

/** An ENOENT-shaped error, as Node's fs throws it, so callers that expect a missing file read it so. */
export function noSuchFile(syscall: string, path: unknown): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${String(path)}'`), {
    code: 'ENOENT',
    errno: -2,
    syscall,
    path: String(path),
  });
}
