/**
 * The token store of a fleet in PostgreSQL: one row per (environment, LinkID, member, scope set),
 * issued once for the fleet under an advisory lock on that key; forgetting a member deletes its
 * rows and tells every instance. `layer(options)` connects to the database itself; `layerSql` and
 * `make` use the `SqlClient` in the context; `migration` is the SQL that creates the table.
 *
 * Rows hold bearer tokens: whoever reads the table can call the service as those members until the
 * tokens expire (docs/fleet.md "Tokens are bearer secrets"). The secret key is never stored.
 *
 * @since 0.1.0
 */
export { layer, layerSql, make, migration, type Options } from "../SharedTokens.js"
