// Writes a Brotli (.br) and a gzip (.gz) copy beside each script and style of the browser build (public/build), once,
// at build time: the server sends them as they are (express-static-gzip, server.ts) instead of compressing the same
// 400 KB again for every visitor whose browser does not have them yet (some 70 ms of the server's CPU a visit).
//
// The gzip copies of the large files (the framework's two scripts, which every page loads, and the route manifest)
// are made with Zopfli (@gfx/zopfli), whose gzip any browser reads and which packs them some 3 % tighter than zlib's
// best: 2.5 KiB less on every page for a browser without Brotli. It takes about half a second a file, whatever the file's size, so the
// small files keep zlib's best (Zopfli would gain them 1 to 2 % for some 40 s of build).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync as zopfli } from "@gfx/zopfli";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const root = "public/build";
/** From this size on (bytes), a file's gzip copy is Zopfli's. */
const ZOPFLI_FROM = 32 * 1024;

const files = fs
  .readdirSync(root, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.(js|css|svg|json)$/.test(name))
  .map((name) => path.join(root, name));

await Promise.all(
  files.map(async (file) => {
    const bytes = await fs.promises.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      bytes.length >= ZOPFLI_FROM
        ? zopfli(bytes, { numiterations: 15 })
        : gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
  }),
);
