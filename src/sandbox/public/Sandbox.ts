/**
 * The sandbox: one service owning the state of an emulated Tax Document Service and answering its
 * requests as the live service would (docs/sandbox.md), with the admin operations as Effects
 * (`setFault`, `outbox`, `approveStatement`, …). `make` and `layer` start one, in memory or on a
 * data directory (`data`); `snapshot` and `restore` take and put back its whole state.
 *
 * @since 0.1.0
 */
export {
  layer,
  make,
  type MemoryOptions,
  restore,
  Sandbox,
  SandboxDataError,
  type SandboxOptions,
  type SandboxService,
  type SandboxSnapshot,
  snapshot
} from "../Sandbox.js"
