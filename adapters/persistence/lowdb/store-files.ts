/** The files of one lowdb store, named after DB_PATH. */
export interface StoreFiles {
  /** DB_PATH: the lowdb snapshot. */
  readonly snapshot: string;
  /** The live journal, where every write is appended. */
  readonly journal: string;
  /** The journal moved aside while it is folded into a new snapshot. */
  readonly compacting: string;
}

export function storeFiles(dbPath: string): StoreFiles {
  return { snapshot: dbPath, journal: `${dbPath}.journal`, compacting: `${dbPath}.journal.compacting` };
}
