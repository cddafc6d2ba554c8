/**
 * Global set-up of the suite: makes sure dist/ (what `bin/taxdoc.js` runs and `npm pack` ships) is
 * the compilation of today's sources, rebuilding it with `npm run build` when it is not
 * (scripts/dist.ts says when). It runs once, before any test file, so no test reads dist/ while it
 * is being written.
 */
import { childEnv } from "../support/env.js"
import { ensureBuilt } from "../../scripts/dist.js"

export default function setup(): void {
  ensureBuilt(childEnv())
}
