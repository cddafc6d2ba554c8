/**
 * The statement service (docs/service.md "Statements"): the six document types of item codes 121 to
 * 126 — issue, cancel, delete, status and detail queries, the document URLs, mass print and the
 * notification mail.
 *
 * @since 0.1.0
 */
export {
  ItemCode,
  layer,
  Statement,
  type StatementError,
  type StatementService
} from "../domains/statement/Statement.js"
