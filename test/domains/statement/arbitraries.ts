/** Valid statements for the suite: `taxdoc/testing`'s. */
import type { ItemCode } from "../../../src/domains/statement/Rules.js"
import { toFastCheck } from "../../../src/testing/FastCheck.js"
import * as Testing from "../../../src/testing/index.js"

/** A valid statement of `code` (any type when absent) sent by `sender`. */
export const statement = (sender: string, code?: ItemCode) => toFastCheck(Testing.statement(code, { corpNum: sender }))
