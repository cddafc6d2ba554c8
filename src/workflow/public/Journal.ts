/**
 * The journal of durable bulk issuances, which progress and results are read from by any process
 * (`BulkIssuance.progress`, `receiptResults`, `invoiceResults`): the `Journal` service, an
 * execution's `Progress`, and the failures of an execution started again with other input
 * (`ExecutionConflict`) or of a journal out of reach (`JournalUnavailable`).
 *
 * @since 0.1.0
 */
export { type ChunkState, ExecutionConflict, Journal, JournalUnavailable, type Progress } from "../Journal.js"
