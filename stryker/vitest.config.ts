/**
 * The suite's vitest settings for mutation testing (stryker/stryker.config.json): the tests that
 * pin the settlement of writes and the deadline of calls (the core's, the domains' lost answers, the
 * fault model, the durable workflow), without the global set-up that rebuilds dist/ (each of
 * Stryker's sandboxes would rebuild it from mutated sources), with the PostgreSQL the workflow's
 * tests use.
 */
import { defineConfig } from "vitest/config"
import suite from "../vitest.config.js"

export default defineConfig({
  ...suite,
  test: {
    ...suite.test,
    include: [
      "test/core/*.test.ts",
      "test/domains/*/UnknownOutcome.test.ts",
      "test/model/Faults.model.test.ts",
      "test/workflow/BulkIssuance.test.ts",
      "test/workflow/Fleet.test.ts",
      "test/workflow/Journal.test.ts"
    ],
    globalSetup: ["test/support/database.ts"]
  }
})
