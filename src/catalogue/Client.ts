/**
 * The client every service calls through: `TaxdocClient.call(operation, input)` validates the input
 * against the declaration (nothing is sent when a rule is broken), builds and sends the request
 * with the member's token and retries, and decodes the answer. `Taxdoc.services` builds it with the
 * services; `layer` is a client of its own, with tokens of its own.
 *
 * @since 0.1.0
 */
export { type CallError, layer, type Member, TaxdocClient, type TaxdocClientShape } from "../core/Client.js"
