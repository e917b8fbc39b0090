/** The data files the build embeds (scripts/build-browser-double.mjs): virtual path → text. */
declare module 'taskcast-browser-files' {
  export const FILES: ReadonlyMap<string, string>;
}
declare module 'path-browserify' {
  import path from 'node:path';
  export default path.posix;
}
