/**
 * The cassette format (docs/recordings.md "The cassette format"): a versioned JSON document of
 * recorded interactions, checked with Schema when loaded (`decode`, `read`) and written with sorted
 * keys and fixed indentation, so that recording the same scenario twice gives byte-identical files.
 *
 * @since 0.1.0
 */
export {
  Cassette,
  CassetteInvalid,
  CassetteIOError,
  decode,
  Interaction,
  read,
  RecordedRequest,
  RecordedResponse,
  StoredBody
} from "../Cassette.js"
