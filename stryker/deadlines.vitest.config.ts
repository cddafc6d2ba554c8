/**
 * The vitest settings of the mutation run of the requests' deadlines (stryker/deadlines.config.json):
 * the suite's settings with the tests of `core/internal/Deadlines.ts` and of the transport over real
 * clients, without the global set-up that rebuilds dist/.
 */
import { defineConfig } from "vitest/config"
import suite from "../vitest.config.js"

export default defineConfig({
  ...suite,
  test: { ...suite.test, include: ["test/core/Deadlines.test.ts", "test/core/Transport.test.ts"], globalSetup: [] }
})
