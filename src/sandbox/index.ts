/**
 * taxdoc sandbox: a stateful emulator of the Tax Document Service, in process or on a socket.
 *
 * @since 0.1.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"

/** @since 0.1.0 */
export * as Sandbox from "./Sandbox.js"

/** @since 0.1.0 */
export type { MemoryOptions, SandboxOptions, SandboxSnapshot } from "./Sandbox.js"

/** @since 0.1.0 */
export * as InProcess from "./InProcess.js"

/** @since 0.1.0 */
export { type ClientOptions, layer, layerClient, SANDBOX_ORIGIN } from "./InProcess.js"

/** @since 0.1.0 */
export * as Server from "./Server.js"

/** @since 0.1.0 */
export * as Partners from "./Partners.js"

/** @since 0.1.0 */
export { TESTER_LINK_ID, TESTER_SECRET } from "./Partners.js"

/** @since 0.1.0 */
export * as Progression from "./Progression.js"

/** @since 0.1.0 */
export * as Clock from "./Clock.js"

/** @since 0.1.0 */
export * as Store from "./Store.js"

/** @since 0.1.0 */
export * as Route from "./routing/Route.js"

/** @since 0.1.0 */
export * as Failure from "./Failure.js"

/** @since 0.1.0 */
export * as Faults from "./edge/Faults.js"

/** @since 0.1.0 */
export * as Preferences from "./Preferences.js"

/** @since 0.1.0 */
export type { MemberSeed } from "./member/Seed.js"

/** @since 0.1.0 */
export * as Outbox from "./Outbox.js"

/** @since 0.1.0 */
export type { Stats } from "./admin/Stats.js"

/** @since 0.1.0 */
export * as Connect from "./Connect.js"
