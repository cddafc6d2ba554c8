/** Search filters of collection as they travel, for the suite: `taxdoc/testing`'s search parameters, without job and paging. */
import * as fc from "fast-check"
import * as TaxPortal from "../../../src/domains/taxPortal/Operations.js"
import { toFastCheck } from "../../../src/testing/FastCheck.js"
import * as Testing from "../../../src/testing/index.js"

/** Tax invoice filters; the search text one the reference data holds, or none. */
export const taxinvoiceFilters = fc.tuple(toFastCheck(Testing.valid(TaxPortal.TaxinvoiceSearch)), fc.constantFrom(undefined, "한빛", "1058734216", "9999999999999", "상사"))
  .map(([{ params }, text]) => {
    const { jobID: _jobID, Order: _order, Page: _page, PerPage: _perPage, SearchString: _drawn, ...filters } = params
    return text === undefined ? filters : { ...filters, SearchString: text }
  })

export const cashbillFilters = toFastCheck(Testing.valid(TaxPortal.CashbillSearch)).map(({ params }) => {
  const { jobID: _jobID, Order: _order, Page: _page, PerPage: _perPage, ...filters } = params
  return filters
})
