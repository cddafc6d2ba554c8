/**
 * The record/replay `HttpClient` (docs/recordings.md). It wraps the transport client, below
 * signing, token handling and retries. Modes: `record` (everything goes out and is recorded),
 * `replay` (nothing goes out; a miss fails), `record-missing` (replay what is recorded, record the
 * rest), `passthrough` (neither). `Recorder` saves the cassette and tells the interactions a replay
 * left unused; `missOf` reads the structured miss out of a failure.
 *
 * @since 0.1.0
 */
export {
  CassetteNotFound,
  CassetteSecretLeak,
  layer,
  type LayerError,
  layerReplay,
  missOf,
  type Mode,
  type Options,
  Recorder,
  type RecorderShape,
  type SaveError,
  type UnusedInteraction,
  UnusedInteractions
} from "../RecordReplay.js"
