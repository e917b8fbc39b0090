import path from 'path-browserify';

/** node:path for the browser build: POSIX paths, as the build's virtual file system uses. */
export const join = (...parts: string[]): string => path.join(...parts);
export const dirname = (p: string): string => path.dirname(p);
export const basename = (p: string, ext?: string): string => path.basename(p, ext);
export const extname = (p: string): string => path.extname(p);
export const relative = (from: string, to: string): string => path.relative(from, to);
export const resolve = (...parts: string[]): string => path.resolve(...parts);
export const normalize = (p: string): string => path.normalize(p);
export const isAbsolute = (p: string): boolean => path.isAbsolute(p);
export const sep = '/';
export const posix = path;
export default path;
