/**
 * taxdoc for programs that are not written with Effect: `createClient(options)` (or the `TAXDOC_*`
 * variables) and `createSandboxClient()` answer a client whose methods are the Effect services'
 * methods run to Promises — the same validation before sending, tokens, retries and typed errors,
 * thrown as instances of the classes exported here.
 *
 * @since 0.1.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"

/** @since 0.1.0 */
export {
  type Client,
  type ClientOptions,
  createClient,
  createSandboxClient,
  fromLayer,
  type PromiseTaxPortal,
  type SandboxClientOptions
} from "./Client.js"

/** @since 0.1.0 */
export type { CallOptions, PlainCallback, PlainOptions, PromiseMethod, Promised, SignalOptions } from "./Methods.js"

/** @since 0.1.0 */
export { ClientClosedError } from "./Run.js"

/** @since 0.1.0 */
export {
  ApiError,
  PollTimeoutError,
  ResponseError,
  type TaxdocError,
  TokenError,
  TransportError,
  UnknownOutcomeError,
  ValidationError,
  ValidationIssue
} from "../core/Errors.js"

/** @since 0.1.0 */
export { BulkIncompleteError } from "../core/Bulk.js"

/** @since 0.1.0 */
export { ConfigInvalid } from "../core/Config.js"

/** @since 0.1.0 */
export { JobFailedError } from "../domains/taxPortal/TaxPortal.js"
