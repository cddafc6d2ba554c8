/**
 * The access tokens of a client: one cached token per member and scope set, issued once for
 * concurrent callers and renewed ahead of expiry. `Taxdoc.services` builds them; `Tokens.stats`
 * tells how many were issued and how many calls a cached one answered.
 *
 * @since 0.1.0
 */
export { Tokens, type TokensShape, type TokenStats } from "../core/Tokens.js"
