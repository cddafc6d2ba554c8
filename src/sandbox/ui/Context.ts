/**
 * What the sandbox's pages are made from: the request as the kernel hands it over, what they read
 * besides the store (`Sources`), and what each page module gets (`PageContext`).
 */
import type { AdminOperations } from "../admin/Admin.js"
import type { AdminAccess } from "../admin/AdminGuard.js"
import type { CallLog } from "../admin/CallLog.js"
import type { Changes } from "../admin/Changes.js"
import type { Incoming } from "../edge/HttpEdge.js"
import type { Environment } from "../Store.js"
import type { Reading } from "../documents/DocumentKind.js"
import type { View } from "./View.js"

/** A request for a page, as the kernel hands it over. */
export interface PageRequest {
  readonly incoming: Incoming
  /** The path's segments after `/_sandbox/ui`. */
  readonly segments: ReadonlyArray<string>
  readonly environment: Environment
  readonly access: AdminAccess
}

/**
 * What the pages read besides the store: the admin operations, the call log, the change signal,
 * the partners' LinkIDs and the pages' form token.
 */
export interface Sources {
  readonly operations: AdminOperations
  readonly calls: CallLog
  readonly changes: Changes
  readonly partners: ReadonlyArray<string>
  readonly formToken: string
}

/** What a page is made from. */
export interface PageContext {
  readonly view: View
  readonly reading: Reading
  readonly sources: Sources
}
