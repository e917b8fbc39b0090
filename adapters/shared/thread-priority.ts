import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The lowest scheduling priority (nice value) a thread can take on Linux. */
const LOWEST = 19;

/**
 * Lowers the calling thread's CPU priority to the lowest, so that on a busy machine it runs on the time the
 * other threads leave (RocksDB does this for its compaction threads: Env::LowerThreadPoolCPUPriority). Linux
 * applies setpriority to one thread when given a thread's id, which /proc/thread-self names; elsewhere, or if
 * the system refuses, nothing changes and false is returned. A process without privileges cannot raise the
 * priority back, so only a thread whose work may wait should call this.
 */
export function lowerThisThreadsPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, LOWEST);
    return true;
  } catch {
    return false;
  }
}
