/**
 * The company status operations of the catalogue (docs/operations.md "Company status"; scope
 * 170, docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Operation from "../../core/Operation.js"
import { CorpNum } from "../../core/Schemas.js"
import { CompanyStatus, CompanyStatusList, CorpNumBatch } from "./Schemas.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = "170"

const scope = Operation.scope(SCOPE)

/**
 * CheckCorpNum: the status of one registration number.
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckCorpNum = Operation.make({
  name: "CompanyStatus.CheckCorpNum",
  sdk: "CompanyStatus.check",
  cli: "company-status",
  summary: "the status of one registration number",
  method: "GET",
  path: "/CloseDown",
  query: [Operation.fromParam("CN", "target")],
  params: Schema.Struct({ target: CorpNum }),
  scope,
  success: CompanyStatus,
  safeToRepeat: true
})

/**
 * CheckCorpNums: the statuses of up to 1,000 registration numbers, in input order.
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckCorpNums = Operation.make({
  name: "CompanyStatus.CheckCorpNums",
  sdk: "CompanyStatus.checkMany",
  cli: "company-status",
  summary: "the statuses of up to 1,000 registration numbers",
  method: "POST",
  path: "/CloseDown",
  scope,
  body: Operation.jsonArray(CorpNumBatch),
  success: CompanyStatusList,
  safeToRepeat: true
})

/**
 * Every company status operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = [CheckCorpNum, CheckCorpNums]
