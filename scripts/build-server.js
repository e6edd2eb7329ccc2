// Compiles server.ts (and the API it mounts) to server-build/index.js; packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "server-build/index.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
