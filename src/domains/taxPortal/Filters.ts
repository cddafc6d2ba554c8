/**
 * Typed search filters and paging of collection (docs/service.md "Tax authority collection": tax invoice and cash receipt
 * filters), and their wire form: only the filters given, lists comma-joined, numbers as text.
 *
 * @since 0.1.0
 */

/**
 * Tax invoice search filters, typed (docs/service.md "Tax authority collection"); lists are sent comma-joined, an
 * absent filter means all.
 *
 * @since 0.1.0
 * @category models
 */
export interface TaxinvoiceFilter {
  /** N general, M revised. */
  readonly types?: ReadonlyArray<"N" | "M"> | undefined
  /** T taxable, N tax-exempt, Z zero-rated. */
  readonly taxTypes?: ReadonlyArray<"T" | "N" | "Z"> | undefined
  /** R payment received, C payment not received, N none. */
  readonly purposeTypes?: ReadonlyArray<"R" | "C" | "N"> | undefined
  /** Whether the party of `taxRegIDType` has a branch number: "0" none, "1" one. */
  readonly taxRegIDYN?: "0" | "1" | undefined
  /** Whose branch number the branch filters look at: S seller, B buyer, T trustee (default S). */
  readonly taxRegIDType?: "S" | "B" | "T" | undefined
  /** Branch numbers (4 digits each). */
  readonly taxRegIDs?: ReadonlyArray<string> | undefined
  /** Part of a name, registration or resident number (at most 13 characters). */
  readonly searchString?: string | undefined
}

/**
 * Cash receipt search filters (sent by the live clients; not in the spec).
 *
 * @since 0.1.0
 * @category models
 */
export interface CashbillFilter {
  /** N approval, C cancellation. */
  readonly tradeTypes?: ReadonlyArray<"N" | "C"> | undefined
  /** P income deduction, C expense proof. */
  readonly tradeUsages?: ReadonlyArray<"P" | "C"> | undefined
}

/**
 * A page of a search.
 *
 * @since 0.1.0
 * @category models
 */
export interface PageRequest {
  /** From 1 (default 1). */
  readonly page?: number | undefined
  /** 1 to 1,000 (default 500). */
  readonly perPage?: number | undefined
  /** D descending (default) or A ascending, by the job's date type. */
  readonly order?: "D" | "A" | undefined
}

/**
 * The wire parameters of tax invoice filters (only the filters given; lists comma-joined).
 *
 * @since 0.1.0
 * @category combinators
 */
export const taxinvoiceFilterParams = (filter: TaxinvoiceFilter = {}): Record<string, string> =>
  defined({
    Type: filter.types?.join(","),
    TaxType: filter.taxTypes?.join(","),
    PurposeType: filter.purposeTypes?.join(","),
    TaxRegIDYN: filter.taxRegIDYN,
    TaxRegIDType: filter.taxRegIDType,
    TaxRegID: filter.taxRegIDs?.join(","),
    SearchString: filter.searchString
  })

/**
 * The wire parameters of cash receipt filters.
 *
 * @since 0.1.0
 * @category combinators
 */
export const cashbillFilterParams = (filter: CashbillFilter = {}): Record<string, string> =>
  defined({ TradeType: filter.tradeTypes?.join(","), TradeUsage: filter.tradeUsages?.join(",") })

/**
 * The wire parameters of a page request.
 *
 * @since 0.1.0
 * @category combinators
 */
export const pageParams = (page: PageRequest = {}): Record<string, string> =>
  defined({
    Page: page.page === undefined ? undefined : String(page.page),
    PerPage: page.perPage === undefined ? undefined : String(page.perPage),
    Order: page.order
  })

const defined = (record: Record<string, string | undefined>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value
  return out
}
