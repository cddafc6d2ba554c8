/**
 * Writes docs/operations.md and docs/openapi.json from the operation catalogue (`npm run docs:operations`).
 */
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import * as OpenApi from "../src/domains/OpenApi.js"
import { render } from "../src/domains/Reference.js"

for (const [file, text] of [["../docs/operations.md", render()], ["../docs/openapi.json", OpenApi.render()]] as const) {
  const target = fileURLToPath(new URL(file, import.meta.url))
  writeFileSync(target, text)
  process.stdout.write(`wrote ${target}\n`)
}
