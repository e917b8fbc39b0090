/**
 * How many tasks one account may hold (MAX_TASKS_PER_USER). An account's whole list is one answer, one
 * snapshot slice and one index walk, so without a bound a single user can grow each of them without end.
 *
 * 10,000 by default: far past a person's to-do list (a heavy user holds hundreds), and a bound on what one
 * account costs everyone else. An unpaged list of 10,000 tasks is about 3.7 MB of JSON with typical fields
 * (a 40-character title, a 75-character description), 55 MB with every field at its maximum in ASCII and
 * 210 MB in 4-byte characters, written in slices that yield between them; the PostgreSQL store's count
 * before each create walks at most that many index entries.
 */
export const DEFAULT_MAX_TASKS_PER_USER = 10_000;

/** The limit a setting asks for: `0` means none. */
export function taskLimitOf(setting: number): number | undefined {
  return setting === 0 ? undefined : setting;
}
