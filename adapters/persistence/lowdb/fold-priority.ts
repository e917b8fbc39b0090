import { getPriority, setPriority } from 'node:os';

/**
 * The fold's thread runs at this nice value, below the requests': a fold is background work that no answer
 * waits for, so on cores the server's requests keep busy it takes their idle time first, as RocksDB lowers
 * its compaction threads' CPU priority (`Env::LowerThreadPoolCPUPriority`). Not the lowest (19): under a
 * flood that never lets up the fold must still finish, or the journal (and a crash's replay) grows without
 * bound; at 10 it gets about a tenth of what the main thread gets on a core both want (CFS weights 110
 * against 1024, kernel/sched/core.c `sched_prio_to_weight`).
 */
export const FOLD_NICE = 10;

/**
 * Lowers the calling thread alone to FOLD_NICE (never raises it) and returns its nice value; undefined when it
 * is left as it was. Only on Linux, where a nice value belongs to a thread and setpriority(2) of the calling
 * "process" sets the calling thread's (man 2 setpriority, "Bugs"); elsewhere it would lower the whole server.
 */
export function lowerThisThread(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    setPriority(Math.max(getPriority(), FOLD_NICE));
    return getPriority();
  } catch {
    return undefined; // a sandbox refusing setpriority: the fold runs as before
  }
}
