#!/usr/bin/env node
// The `taxdoc` command: runs src/cli/main.ts through tsx's loader, in this process.
import { register } from "tsx/esm/api"

register()
const { run } = await import(new URL("../src/cli/main.ts", import.meta.url).href)
run()
