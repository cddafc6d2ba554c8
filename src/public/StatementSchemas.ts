/**
 * The inputs and answers of the statement service, as Schemas: a statement to issue (with its
 * `Encoded` side) and its detail items, and what issuing and the queries answer.
 *
 * @since 0.1.0
 */
export {
  DetailItem,
  DetailLine,
  IssueResponse,
  StatementDetail,
  StatementInfo,
  StatementIssue,
  type StatementIssueEncoded
} from "../domains/statement/Schemas.js"
