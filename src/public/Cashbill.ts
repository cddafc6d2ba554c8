/**
 * The cash receipt service (docs/service.md "Cash receipts"): issue, revoke, bulk issue with result
 * polling, delete, status and detail queries, portal URLs and PDF — plus `issueMany`,
 * `awaitBulkResult` and `getInfos` for any number of document IDs. Inputs are validated before
 * anything is sent.
 *
 * @since 0.1.0
 */
export {
  type AwaitOptions,
  Cashbill,
  type CashbillError,
  type CashbillService,
  type IssueManyOptions,
  type IssueManyProgress,
  layer
} from "../domains/cashbill/Cashbill.js"
