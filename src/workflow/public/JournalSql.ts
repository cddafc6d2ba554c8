/**
 * The journal of durable bulk issuances in PostgreSQL: `<prefix>_executions` (one row per execution
 * ID) and `<prefix>_chunks` (one row per submission, with its per-document results once known),
 * created on first use; `migration` is the SQL that creates them (docs/fleet.md "The tables").
 *
 * @since 0.1.0
 */
export { layer, migration, type Options } from "../JournalSql.js"
