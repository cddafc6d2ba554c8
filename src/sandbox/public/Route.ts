/**
 * Routes of the sandbox beyond its own (a sandbox's `routes` option): `implement(operation,
 * handler)` (or `read` for one that changes nothing) answers a catalogue declaration by reference,
 * so its path, selectors, scope and body schema are the declaration's; the handler gets the typed
 * path parameters and the decoded body, and its answer (`json`, `success`, `pdf`) is checked
 * against the encoded side of the declared success schema.
 *
 * @since 0.1.0
 */
export {
  type Answer,
  type Caller,
  decodeResult,
  type Handler,
  implement,
  json,
  type JsonAnswer,
  type OperationRequest,
  pdf,
  type PdfAnswer,
  read,
  type Route,
  success
} from "../routing/Route.js"
