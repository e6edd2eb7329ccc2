/**
 * The folder driver: each file under one directory (DATA_DIR/documents by default), written to a temporary name and
 * renamed into place, so a reader never sees half a file and a crash leaves no half-written document.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FileStore } from "./file-store.js";

export function folderStore(root: string): FileStore {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    const full = path.resolve(base, key);
    // Keys come from newKey(); this refuses anything else that would leave the folder.
    if (!full.startsWith(base + path.sep)) throw new Error(`file key outside the store: ${key}`);
    return full;
  };
  return {
    driver: "folder",
    async put(key, source) {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.part`;
      try {
        // Copied (the spooled file may be on another file system), then renamed into place whole.
        await fs.copyFile(source.path, temp, fs.constants.COPYFILE_EXCL);
        await fs.chmod(temp, 0o640);
        await fs.rename(temp, file);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async ping() {
      await fs.mkdir(base, { recursive: true });
      await fs.access(base, fs.constants.W_OK);
    },
    async *list() {
      const names = await fs.readdir(path.join(base, "clients"), { recursive: true }).catch(() => [] as string[]);
      for (const name of names) {
        const key = path.posix.join("clients", name.split(path.sep).join("/"));
        const stat = await fs.stat(path.join(base, key)).catch(() => null);
        // A copy a crash left half-written (`.part`) is listed too: no record can ever name it.
        if (stat?.isFile()) yield { key, modified: stat.mtime };
      }
    },
  };
}
