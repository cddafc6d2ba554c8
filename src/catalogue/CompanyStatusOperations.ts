/**
 * The company status operations of the catalogue (docs/operations.md "Company status"), one
 * declaration each: what `TaxdocClient.call` takes, and what a sandbox route implements
 * (`Route.implement`).
 *
 * @since 0.1.0
 */
export { CheckCorpNum, CheckCorpNums } from "../domains/companyStatus/Operations.js"
