/**
 * A fault's path glob: `*` matches within one segment, `**` across segments, and a `*` at the very end
 * matches the rest of the path. Everything else is literal.
 *
 * Matched by simulating the glob as an automaton, never by building a regular expression from the
 * scenario's text: the old regex backtracked, so a 40-character path against a glob of ten stars took
 * longer than a test's patience. The automaton's states (every position the glob could be at) are a
 * bitset advanced one path character at a time (shift-and), so a match costs path length × glob
 * length / 32 word operations, whatever the input: a 16,000-character path against a 1,000-character glob
 * is a few milliseconds.
 */
export interface PathGlob {
  readonly source: string;
  matches(path: string): boolean;
}

const SLASH = 0x2f;

interface Automaton {
  /** Glob positions; position `positions` (one past the last token) is the match. */
  readonly positions: number;
  readonly words: number;
  /** For each character the glob names: the positions whose token is that character. */
  readonly literal: ReadonlyMap<number, Uint32Array>;
  /** Positions holding a star of either kind, and those holding `**` (which also take a `/`). */
  readonly stars: Uint32Array;
  readonly anyStars: Uint32Array;
  readonly none: Uint32Array;
}

type Token = number | 'segment' | 'any';

export function compilePathGlob(glob: string): PathGlob {
  const automaton = build(tokenize(glob));
  return { source: glob, matches: (path) => run(automaton, path) };
}

/** The glob's tokens, a run of stars folded into one (`*` then `**` is `**`; `*` then `*` is `*`). */
function tokenize(glob: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    let token: Token;
    if (glob[i] === '*' && glob[i + 1] === '*') {
      token = 'any';
      i++;
    } else if (glob[i] === '*') {
      token = i === glob.length - 1 ? 'any' : 'segment';
    } else {
      tokens.push(glob.charCodeAt(i));
      continue;
    }
    const last = tokens.at(-1);
    if (last === 'segment' || last === 'any') tokens[tokens.length - 1] = last === 'any' ? 'any' : token;
    else tokens.push(token);
  }
  return tokens;
}

function build(tokens: readonly Token[]): Automaton {
  const positions = tokens.length;
  const words = Math.floor(positions / 32) + 1;
  const literal = new Map<number, Uint32Array>();
  const stars = new Uint32Array(words);
  const anyStars = new Uint32Array(words);
  tokens.forEach((token, t) => {
    const word = t >>> 5;
    const bit = (1 << (t & 31)) >>> 0;
    if (typeof token === 'number') {
      let mask = literal.get(token);
      if (mask === undefined) literal.set(token, (mask = new Uint32Array(words)));
      mask[word]! |= bit;
    } else {
      stars[word]! |= bit;
      if (token === 'any') anyStars[word]! |= bit;
    }
  });
  return { positions, words, literal, stars, anyStars, none: new Uint32Array(words) };
}

function run(a: Automaton, path: string): boolean {
  let current = new Uint32Array(a.words);
  let next = new Uint32Array(a.words);
  current[0] = 1;
  skipStars(a, current);
  for (let p = 0; p < path.length; p++) {
    const c = path.charCodeAt(p);
    const literal = a.literal.get(c) ?? a.none;
    // The stars that take this character and stay where they are: all of them, but only `**` takes a `/`.
    const staying = c === SLASH ? a.anyStars : a.stars;
    let carry = 0;
    let alive = 0;
    for (let w = 0; w < a.words; w++) {
      const stepped = (current[w]! & literal[w]!) >>> 0;
      const value = ((stepped << 1) | carry | (current[w]! & staying[w]!)) >>> 0;
      carry = stepped >>> 31;
      next[w] = value;
      alive |= value;
    }
    if (alive === 0) return false; // no position left, and no later character can revive one
    skipStars(a, next);
    [current, next] = [next, current];
  }
  return (current[a.positions >>> 5]! & (1 << (a.positions & 31))) !== 0;
}

/**
 * A star may match nothing: wherever the glob could be at a star, it could also be just past it. Runs of
 * stars are folded into one, so one step covers every case.
 */
function skipStars(a: Automaton, states: Uint32Array): void {
  let carry = 0;
  for (let w = 0; w < a.words; w++) {
    const atStar = (states[w]! & a.stars[w]!) >>> 0;
    states[w] = (states[w]! | (atStar << 1) | carry) >>> 0;
    carry = atStar >>> 31;
  }
}
