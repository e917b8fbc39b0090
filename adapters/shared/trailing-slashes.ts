/**
 * `url` without its trailing slashes. A loop rather than `replace(/\/+$/, '')`: that pattern is searched
 * from every position and costs quadratic time on a long run of slashes (the regex audit test flags it).
 */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 47 /* / */) end--;
  return url.slice(0, end);
}
