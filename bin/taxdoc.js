#!/usr/bin/env node
// The `taxdoc` command: the pre-built bundle of the CLI (dist/cli/bundle/, made by `npm run build`,
// which `npm install` runs in a clone), run by plain Node. Where Node has a compile cache for modules
// (22.1 and later), later starts reuse the compiled code.
import module from "node:module"

module.enableCompileCache?.()
const { run } = await import("../dist/cli/bundle/taxdoc.js")
run()
