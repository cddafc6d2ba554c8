/** The operations `taxdoc/testing` generates inputs for, and the moment the tests judge them at. */
import type * as Operation from "../../src/core/Operation.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { structOf } from "../../src/testing/Derive.js"

/** The sandbox's clock and the SDK's "now" in these tests. */
export const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)

/** Every operation that takes parameters or a body (the rest take only the member). */
export const withInput: ReadonlyArray<Operation.Any> = Catalogue.operations.filter((o) =>
  o.body._tag !== "None" || (structOf(o.params.ast)?.propertySignatures.length ?? 0) > 0
)
