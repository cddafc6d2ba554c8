/**
 * The access tokens of a client: one cached token per member and scope set, issued once for
 * concurrent callers and renewed ahead of expiry. `Taxdoc.services` builds them; their `stats`
 * count the tokens issued, the reads a token already held answered, and the tokens taken from a
 * shared store.
 *
 * @since 0.1.0
 */
export { Tokens, type TokensShape, type TokenStats } from "../core/Tokens.js"
