/**
 * The CompanyStatus service's implementation, loaded on its first call (see `CompanyStatus.make`).
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Bulk from "../../../core/Bulk.js"
import type { TaxdocClient } from "../../../core/Client.js"
import { CorpNum } from "../../../core/Schemas.js"
import { validate } from "../../../core/Validation.js"
import * as Trace from "../../../core/Trace.js"
import * as Operations from "../Operations.js"
import { MAX_CORP_NUMS } from "../Schemas.js"
import type { Service } from "../Service.js"

const Many = Schema.Struct({ corpNum: CorpNum, targets: Schema.Array(CorpNum) })

/**
 * The company status service over `TaxdocClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (client: Context.Tag.Service<TaxdocClient>): Service => {
  const check = (corpNum: string, target: string, userId?: string) =>
    client.call(Operations.CheckCorpNum, { corpNum, userId, params: { target } })

  const checkMany = Trace.fn("CompanyStatus.checkMany", Effect.fnUntraced(function*(corpNum: string, targets: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("CompanyStatus.checkMany", Many, { corpNum, targets })
    // The service answers each request in its input order, so the chunks concatenate in order.
    return yield* Bulk.inChunks(input.targets, MAX_CORP_NUMS, (chunk) =>
      client.call(Operations.CheckCorpNums, { corpNum, userId, body: chunk }))
  }))

  return { check, checkMany }
}
