/**
 * The configuration of a taxdoc client: partner credentials, environment, addresses, and the knobs
 * of tokens and transport (README "Where requests go").
 *
 * `Options` is the one Schema of a valid configuration. `layer(options)` decodes options given in
 * code; `layerConfig` (and `config`, the Effect `Config` it reads) takes the same fields from the
 * `TAXDOC_*` variables. Every field that is missing or breaks its rule is named at once in a
 * `ConfigInvalid` (or Effect's `ConfigError`), each saying what to do.
 *
 * @since 0.1.0
 */
export {
  type AcceptLanguage,
  config,
  ConfigInvalid,
  type Environment,
  type FieldProblem,
  layer,
  layerConfig,
  Options,
  TaxdocConfig,
  type TaxdocConfigShape
} from "../core/Config.js"
