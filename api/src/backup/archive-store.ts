/**
 * Where the gateway keeps its backup archives: a folder on Node (`BACKUP_DIR`), memory where there
 * is no file system (workerd, tests). Names sort by time (see `archiveName`).
 */
export interface ArchiveStore {
  /** Durable once resolved (the Node store writes a temp file, fsyncs it, renames). */
  save(name: string, bytes: Uint8Array): Promise<void>;
  /** Archive names, oldest first. */
  list(): Promise<string[]>;
  read(name: string): Promise<Uint8Array | undefined>;
  remove(name: string): Promise<void>;
}

export function memoryArchiveStore(): ArchiveStore {
  const archives = new Map<string, Uint8Array>();
  return {
    save: async (name, bytes) => void archives.set(name, bytes),
    list: async () => [...archives.keys()].sort(),
    read: async (name) => archives.get(name),
    remove: async (name) => void archives.delete(name),
  };
}
