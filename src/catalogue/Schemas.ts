/**
 * The field schemas the catalogue's declarations are built from, with the rules the service applies
 * (a registration number with its check digit, a document ID, dates, amounts, a closed list of
 * values), and the answers several operations share (`GenericResult`, `UrlResult`).
 *
 * @since 0.1.0
 */
export {
  Amount,
  CorpNum,
  Date8,
  DateTime14,
  GenericResult,
  MgtKey,
  oneOf,
  SignedAmount,
  UrlResult
} from "../core/Schemas.js"
