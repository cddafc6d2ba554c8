import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    // As tsconfig.json's `paths`: the package's entry points resolve to the sources in tests.
    alias: [
      { find: /^taxdoc$/, replacement: source("./src/index.ts") },
      { find: /^taxdoc\/catalogue$/, replacement: source("./src/catalogue/index.ts") },
      { find: /^taxdoc\/sandbox$/, replacement: source("./src/sandbox/index.ts") },
      { find: /^taxdoc\/recordings$/, replacement: source("./src/recordings/index.ts") },
      { find: /^taxdoc\/workflow$/, replacement: source("./src/workflow/index.ts") },
      { find: /^taxdoc\/promise$/, replacement: source("./src/promise/index.ts") },
      { find: /^taxdoc\/testing\/fast-check$/, replacement: source("./src/testing/FastCheck.ts") },
      { find: /^taxdoc\/testing$/, replacement: source("./src/testing/index.ts") }
    ]
  },
  test: {
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    // dist/ (the compiled package the bin and the packaging tests run) is rebuilt first when a
    // source is newer than it; one PostgreSQL serves the run (test/support/database.ts).
    globalSetup: ["test/package/build.ts", "test/support/database.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A file per core (vitest's default leaves one core to itself): much of the suite waits on
    // processes it starts — the command, npm, tsc, Chromium, PostgreSQL — while they run on a core
    // of their own, so on two cores the suite ends in about three quarters of the time.
    maxWorkers: availableParallelism(),
    reporters: ["default"]
  }
})
