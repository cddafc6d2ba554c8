/** Valid statements for the suite: `taxdoc/testing`'s. */
import type { ItemCode } from "../../../src/domains/statement/Rules.js"
import * as Testing from "../../../src/testing/FastCheck.js"

/** A valid statement of `code` (any type when absent) sent by `sender`. */
export const statement = (sender: string, code?: ItemCode) => Testing.statement(code, { corpNum: sender })
