#!/usr/bin/env node
// The `taxdoc` command: the compiled CLI (dist/, built by `npm run build`), run by plain Node.
import { run } from "../dist/cli/main.js"

run()
