/**
 * Record/replay for deterministic integration tests: the cassette format, the recording
 * `HttpClient` layer, request matching, secret scrubbing and the cassette checker.
 *
 * @since 0.1.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"

/**
 * @since 0.1.0
 * @category models
 */
export * as Cassette from "./public/Cassette.js"

/**
 * @since 0.1.0
 * @category combinators
 */
export * as Check from "./public/Check.js"

/**
 * @since 0.1.0
 * @category combinators
 */
export * as Match from "./public/Match.js"

/**
 * @since 0.1.0
 * @category layers
 */
export * as RecordReplay from "./public/RecordReplay.js"

/**
 * @since 0.1.0
 * @category combinators
 */
export * as Scrub from "./public/Scrub.js"

/**
 * @since 0.1.0
 * @category combinators
 */
export * as Verify from "./Verify.js"
