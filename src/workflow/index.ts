/**
 * A fleet of instances: tokens shared through PostgreSQL (`SharedTokens`), and durable bulk
 * issuance on `effect/workflow` (`BulkIssuance`), run in this process or by `effect/cluster`
 * runners keeping their state in PostgreSQL (`Engine`), with the journal its progress and results
 * are read from (`Journal`). The one package it needs beyond taxdoc's peers is `@effect/sql-pg`, an
 * optional peer (docs/fleet.md).
 *
 * @since 0.1.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"

/**
 * @since 0.1.0
 * @category issuance
 */
export * as BulkIssuance from "./BulkIssuance.js"

/**
 * @since 0.1.0
 * @category layers
 */
export * as Engine from "./public/Engine.js"

/**
 * @since 0.1.0
 * @category models
 */
export * as Journal from "./public/Journal.js"

/**
 * @since 0.1.0
 * @category layers
 */
export * as JournalSql from "./public/JournalSql.js"

/**
 * @since 0.1.0
 * @category layers
 */
export * as SharedTokens from "./public/SharedTokens.js"
