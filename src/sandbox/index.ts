/**
 * taxdoc sandbox: a stateful emulator of the Tax Document Service, in process or on a socket.
 *
 * @since 0.1.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"

/** @since 0.1.0 */
export * as Sandbox from "./public/Sandbox.js"

/** @since 0.1.0 */
export * as InProcess from "./InProcess.js"

/** @since 0.1.0 */
export * as Server from "./public/Server.js"

/** @since 0.1.0 */
export * as Partners from "./public/Partners.js"

/** @since 0.1.0 */
export * as Progression from "./public/Progression.js"

/** @since 0.1.0 */
export * as Route from "./public/Route.js"

/** @since 0.1.0 */
export * as Failure from "./public/Failure.js"

/** @since 0.1.0 */
export * as Faults from "./public/Faults.js"

/** @since 0.1.0 */
export type { MemberSeed } from "./member/Seed.js"

/** @since 0.1.0 */
export * as Outbox from "./public/Outbox.js"

/** @since 0.1.0 */
export type { Stats } from "./admin/Stats.js"

/** @since 0.1.0 */
export * as Connect from "./Connect.js"
