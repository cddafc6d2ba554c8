/**
 * A request a replay found no recording for (docs/recordings.md "Matching"): `CassetteMiss` holds
 * the request and the nearest recorded one, with the fields that differ (`FieldDiff`).
 *
 * @since 0.1.0
 */
export { CassetteMiss, type FieldDiff } from "../Match.js"
