/** `npm run docs:api`: rewrites docs/api.md's index of endpoints from the contract's table. */
import fs from "node:fs";
import { apiIndex, withIndex } from "../lib/contract/api-index.js";
import { allEndpoints } from "../lib/contract.js";

const file = new URL("../docs/api.md", import.meta.url);
fs.writeFileSync(file, withIndex(fs.readFileSync(file, "utf8"), apiIndex(allEndpoints)));
console.log(`docs/api.md: ${allEndpoints.length} endpoints in the index`);
