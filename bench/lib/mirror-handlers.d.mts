import type { RequestListener } from 'node:http';

/** A recorded answer: its status, header record and body bytes. */
export interface MirrorAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

export interface MirrorJournal {
  append(line: Buffer, done: () => void): void;
}

export function openJournal(path: string): MirrorJournal;
export function bareHandler(answers: ReadonlyMap<string, MirrorAnswer>, journal?: MirrorJournal): RequestListener;
export function h3Handler(
  answers: ReadonlyMap<string, MirrorAnswer>,
  journal?: MirrorJournal,
): Promise<RequestListener>;
