// Compiles server.ts (and the API it mounts) to server-build/index.js, and the office:user command to
// server-build/office-user.js, the PDF workers to server-build/pdf-worker.js (so a production container, without the dev toolchain, can run it); packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: {
    index: "server.ts",
    "office-user": "backend/accounts/office-user-cli.ts",
    "client-erase": "backend/clients/erase-cli.ts",
    // PDFs are drawn in worker threads (backend/files/pdf-pool.ts), which run this file beside index.js.
    "pdf-worker": "backend/files/pdf-worker.ts",
  },
  outdir: "server-build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
