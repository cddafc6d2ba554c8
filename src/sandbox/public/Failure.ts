/**
 * A failure answer of the sandbox, as a route's handler fails: an entry of `ErrorCodes` (code, HTTP
 * status, Korean and English message) and an optional detail, rendered as `{code, message}`.
 *
 * @since 0.1.0
 */
export { fail, SandboxFailure } from "../Failure.js"
