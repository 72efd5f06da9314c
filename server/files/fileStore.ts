import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Database } from '../db/database';

/** Where the bytes of uploads live; their names and owners are always in the `sys_file` table. */
export interface FileStore {
  /** Bytes to keep in the database row, if this store keeps them there. */
  save(bucket: string, fileName: string, data: Buffer): Promise<Buffer | null>;
  read(bucket: string, fileName: string, stored: Buffer | null): Promise<Buffer>;
}

/** SQLite installations keep files in `DATA_DIR/files/`; PostgreSQL ones in the database, so app servers share them. */
export function fileStoreFor(database: Database, dataDir: string): FileStore {
  if (database.dialect === 'postgres') {
    return {
      save: (_bucket, _fileName, data) => Promise.resolve(data),
      read: (_bucket, _fileName, stored) => (stored ? Promise.resolve(stored) : Promise.reject(new Error('file has no bytes'))),
    };
  }
  const path = (bucket: string, fileName: string) => join(dataDir, 'files', bucket, fileName);
  return {
    async save(bucket, fileName, data) {
      await mkdir(dirname(path(bucket, fileName)), { recursive: true });
      await writeFile(path(bucket, fileName), data);
      return null;
    },
    read: (bucket, fileName) => readFile(path(bucket, fileName)),
  };
}

// What handlers work with (`call.services`), given by this area.
declare module '../http/services' {
  interface Services {
    /** Uploaded files, in the data folder or the database. */
    files: FileStore;
  }
}
