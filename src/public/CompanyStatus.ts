/**
 * The company status check (docs/service.md "Company status"): whether a business is registered, in
 * business, suspended or closed, and its taxation type; `checkMany` takes any number of
 * registration numbers and answers in input order.
 *
 * @since 0.1.0
 */
export {
  CompanyStatus,
  type CompanyStatusError,
  type CompanyStatusService,
  layer
} from "../domains/companyStatus/CompanyStatus.js"
