import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Bytes kept once per content in one directory, each file named by its CID. */
export interface ContentStore {
  /** Stores the bytes under their CID unless they are there already. */
  put(cid: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when this CID was never stored. */
  get(cid: string): Promise<Buffer | null>;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The product's store: DATA_DIR/files (docs/files.md "Storage"). */
export function embeddedContentStore(dataDir: string): ContentStore {
  return directoryContentStore(path.join(dataDir, 'files'));
}

/**
 * The embedded store in DATA_DIR/files. A file is written under a temporary name and renamed
 * into place, so a reader never sees half a file and a crash leaves no partial content under a CID.
 * Callers pass CIDs validated by cidSchema, so a CID is always a plain file name.
 */
export function directoryContentStore(directory: string): ContentStore {
  const pathOf = (cid: string) => path.join(directory, cid);
  return {
    async put(cid, bytes) {
      const target = pathOf(cid);
      const exists = await stat(target).then(
        () => true,
        (error: unknown) => {
          if (isMissing(error)) return false;
          throw error;
        },
      );
      if (exists) return;
      await mkdir(directory, { recursive: true });
      const temporary = path.join(directory, `.${cid}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(cid) {
      try {
        return await readFile(pathOf(cid));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
