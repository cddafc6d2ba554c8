/**
 * What the tour's steps share: the state they learn and hand on (shown in the JSON report), the
 * end-of-tour numbers, and the services they need.
 *
 * @since 0.1.0
 */
import type * as FileSystem from "effect/FileSystem"
import type * as Option from "effect/Option"
import type * as Path from "effect/Path"
import type { SandboxServices } from "../../Taxdoc.js"

/**
 * What the steps learn and hand on, and what the JSON report shows.
 *
 * @since 0.1.0
 * @category models
 */
export interface TourState {
  readonly outDir: Option.Option<string>
  /** Every document ID issued, in order. */
  readonly documents: Array<string>
  original?: { readonly mgtKey: string; readonly confirmNum: string; readonly tradeDate: string }
  pdf?: string
  bulk?: { readonly results: number; readonly submissions: number; readonly issued: number; readonly refused: number }
  filing?: Readonly<Record<string, number>>
  reusedId?: string
  summary?: Summary
}

/**
 * The end-of-tour numbers.
 *
 * @since 0.1.0
 * @category models
 */
export interface Summary {
  readonly documentsByState: Readonly<Record<string, number>>
  readonly calls: { readonly total: number; readonly byOperation: Readonly<Record<string, number>> }
  readonly tokens: { readonly issued: number; readonly reused: number; readonly countedBySandbox: number }
  readonly elapsedMillis: number
}

/**
 * What the tour needs: the SDK, the sandbox behind it and its `HttpClient` (admin routes), files.
 *
 * @since 0.1.0
 * @category models
 */
export type TourContext = SandboxServices | FileSystem.FileSystem | Path.Path
