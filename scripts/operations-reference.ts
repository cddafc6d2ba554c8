/** Writes docs/operations.md from the operation catalogue (`npm run docs:operations`). */
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { render } from "../src/domains/Reference.js"

const target = fileURLToPath(new URL("../docs/operations.md", import.meta.url))
writeFileSync(target, render())
process.stdout.write(`wrote ${target}\n`)
