/**
 * `base` without its trailing slashes. A loop rather than `replace(/\/+$/, '')`: that pattern is searched
 * from every position and costs quadratic time on a long run of slashes, and these bases are taken from
 * the request.
 */
export function withoutTrailingSlashes(base: string): string {
  let end = base.length;
  while (end > 0 && base.charCodeAt(end - 1) === 47 /* / */) end--;
  return base.slice(0, end);
}
