/**
 * The declaration of an operation (docs/architecture.md "The catalogue and everything that reads
 * it"): its names, method and path template with typed parameters, the selectors that tell it apart
 * from operations sharing its path (`flag`, `fixed`, `fromParam`, the shapes `length`, `oneOf`,
 * `any`), the token scope it needs (`noToken`, `scope`, `scopeFromParam`, `scopeFromBody`), its
 * body (`json`, `jsonArray`, `form`, `multipart`, `noBody`) and its success schema. `make` checks a
 * declaration; `Input` and `SuccessType` are what `TaxdocClient.call` takes and answers for it.
 *
 * @since 0.1.0
 */
export {
  any,
  type Any,
  type Declaration,
  fixed,
  flag,
  form,
  fromParam,
  type Input,
  json,
  jsonArray,
  length,
  make,
  multipart,
  noBody,
  noToken,
  oneOf,
  type Operation,
  type PathParams,
  scope,
  scopeFromBody,
  scopeFromParam,
  type SuccessType
} from "../core/Operation.js"
