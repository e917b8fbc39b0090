/**
 * Error text that quotes what the client sent, kept to a bounded length: a 10,000-character station id or a
 * 100,000-character JSON key was echoed whole (a 200 KB answer to a 100 KB request). The middle goes, where an
 * echoed value sits (`Invalid zone "…": expected …`), so the message's start and its advice both stay.
 */
export const MAX_ECHO_CHARS = 300;

export function clipEcho(text: string, max = MAX_ECHO_CHARS): string {
  if (text.length <= max) return text;
  const half = Math.floor((max - 1) / 2);
  // Never between the halves of a surrogate pair: a lone surrogate is not text, and strict JSON readers refuse it.
  let head = half;
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--;
  let tail = text.length - half;
  if (isLowSurrogate(text.charCodeAt(tail))) tail++;
  return `${text.slice(0, head)}…${text.slice(tail)}`;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
