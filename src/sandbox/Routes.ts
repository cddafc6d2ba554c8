/**
 * Every route of the sandbox: token issuance and the domains' operations. A domain adds its
 * operations by exporting a `ReadonlyArray<Route>` and listing it in `domainRoutes`.
 */
import { tokenRoutes } from "./member/Tokens.js"
import { cashbillRoutes } from "./cashbill/Routes.js"
import { certificateRoutes } from "./certificate/Routes.js"
import { companyStatusRoutes } from "./companyStatus/Routes.js"
import { memberRoutes } from "./member/Routes.js"
import type { PartnerRegistry } from "./Partners.js"
import type { Route } from "./routing/Route.js"
import { statementRoutes } from "./statement/Routes.js"
import { taxPortalRoutes } from "./taxPortal/Routes.js"
import { taxinvoiceRoutes } from "./taxinvoice/Routes.js"

/** The operations of every domain. */
export const domainRoutes: ReadonlyArray<Route> = [
  ...memberRoutes,
  ...companyStatusRoutes,
  ...cashbillRoutes,
  ...statementRoutes,
  ...taxinvoiceRoutes,
  ...certificateRoutes,
  ...taxPortalRoutes
]

/** The whole table for a set of partners: token issuance first, then the domains. */
export const allRoutes = (partners: PartnerRegistry): ReadonlyArray<Route> => [...tokenRoutes(partners), ...domainRoutes]
