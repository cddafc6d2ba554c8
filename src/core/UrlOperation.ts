/**
 * Operations answering the URL of a page of the service's web portal, the page chosen by a fixed
 * `TG` value (`GET /Cashbill/{mgtKey}?TG=POPUP`): a document's pop-up, view, print, mail and PDF
 * pages, a member's portal pages, the certificate registration pages. Each is a safe read answering
 * a `UrlResult`; the pages of one family share its path, parameters, scope and command.
 *
 * @since 2.0.0
 */
import type * as Schema from "effect/Schema"
import * as Operation from "./Operation.js"
import { UrlResult } from "./Schemas.js"

/**
 * What the URL operations of one family share.
 *
 * @since 2.0.0
 * @category models
 */
export interface UrlFamily<Path extends string, P extends Operation.AnyCodec> {
  /** Names the operations (`Cashbill`: `Cashbill.GetPopUpURL`) and the service of their SDK functions. */
  readonly domain: string
  /** The service of the SDK functions when it is not `domain` (`TaxPortal` for `TaxPortalCashbill.…`). */
  readonly service?: string
  /** The `taxdoc` command running them, when there is one. */
  readonly cli?: string
  readonly path: Path
  readonly params?: P
  readonly shapes?: { readonly [K in Operation.PathParams<Path>]?: Operation.ParamShape }
  readonly scope: Operation.Scope
}

/**
 * The operation of `family` named `spec` (`GetPopUpURL`), SDK function `sdk` (`getPopUpURL`),
 * answering the URL of the page `tg` selects (`POPUP`).
 *
 * @since 2.0.0
 * @category constructors
 */
export const urlOperation = <const Path extends string, P extends Operation.AnyCodec = Schema.Struct<{}>>(
  family:
    & UrlFamily<Path, P>
    & (Operation.PathParams<Path> extends keyof P["Type"] ? unknown : { readonly params: "every path parameter must be a field of params" }),
  spec: string,
  sdk: string,
  tg: string,
  summary: string
): Operation.Operation<P, typeof Operation.noBody, typeof UrlResult, Path> => {
  const { cli, domain, params, path, scope, service, shapes } = family as UrlFamily<Path, P>
  const declaration: Operation.Declaration<Path, P, typeof Operation.noBody, typeof UrlResult> = {
    name: `${domain}.${spec}`,
    sdk: `${service ?? domain}.${sdk}`,
    ...(cli === undefined ? {} : { cli }),
    summary,
    method: "GET",
    path,
    ...(params === undefined ? {} : { params }),
    ...(shapes === undefined ? {} : { shapes }),
    query: [Operation.fixed("TG", tg)],
    scope,
    success: UrlResult,
    safeToRepeat: true
  }
  // The family's own check stands for `make`'s, which a generic path cannot pass.
  type Checked = Parameters<typeof Operation.make<Path, typeof UrlResult, P, typeof Operation.noBody>>[0]
  return Operation.make(declaration as Checked)
}

const pageOf = (operation: Operation.Any): string | undefined => {
  const selector = operation.query.find((item) => item._tag === "Fixed" && item.name === "TG")
  return selector?._tag === "Fixed" ? selector.value : undefined
}

/**
 * `operations` by the page each selects, for each of `pages` (`{ POPUP: GetPopUpURL, … }`): read
 * from the declarations, so the table cannot disagree with them. A page that no operation selects
 * is a mistake of the declarations, refused when the module loads.
 *
 * @since 2.0.0
 * @category constructors
 */
export const byPage = <const K extends string, O extends Operation.Any>(pages: ReadonlyArray<K>, operations: ReadonlyArray<O>): { readonly [Page in K]: O } =>
  Object.fromEntries(pages.map((page) => {
    const operation = operations.find((candidate) => pageOf(candidate) === page)
    if (operation === undefined) throw new Error(`no URL operation selects the page TG=${page}`)
    return [page, operation]
  })) as { readonly [Page in K]: O }
