/**
 * The answers of the company status service: a company's status (`CompanyStatus`), the meanings of
 * its taxation types and states, and the most registration numbers one call checks.
 *
 * @since 0.1.0
 */
export { CompanyStatus, MAX_CORP_NUMS, States, TaxTypes } from "../domains/companyStatus/Schemas.js"
