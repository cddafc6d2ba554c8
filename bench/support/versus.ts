/**
 * What a client side is compared with besides the sides a user would pick instead: the platform
 * client it runs on, used raw, and the release line's figure beside this checkout's in a target's
 * line.
 *
 * @since 1.0.0
 */
import type { Checkout } from "./checkout.js"
import { PLATFORM, PLATFORM_NODE_HTTP, type releaseSides, SDK, SDK_NODE_HTTP, SDK_PLATFORM, type SideSpec } from "./clients.js"

/**
 * The id of the side that is the client `side` runs on, used raw; `undefined` when none is measured.
 * The SDK as the README shows it runs on `Undici.layer()`, which is the platform's
 * `NodeHttpClient.layerUndiciOptions` with a pool of 64 connections: it is judged against the
 * platform's undici client used raw. The release line's SDK over its own `Undici.layer()` (1.1's
 * client written by hand) has no figure of its own used raw.
 *
 * @since 1.0.0
 * @category combinators
 */
export const platformOf = (side: SideSpec, old?: ReturnType<typeof releaseSides>): string | undefined => {
  if (side.id === SDK.id || side.id === SDK_PLATFORM.id) return PLATFORM.id
  if (side.id === SDK_NODE_HTTP.id) return PLATFORM_NODE_HTTP.id
  if (old !== undefined && side.id === old.sdkPlatform.id) return old.platform.id
  return undefined
}

/**
 * `; taxdoc 1.1.0 (d673462) <figure>` for a target's line, or nothing without the release line.
 *
 * @since 1.0.0
 * @category formatting
 */
export const releaseNote = <A>(release: Checkout | undefined, value: A | undefined, format: (value: A) => string): string =>
  release === undefined || value === undefined ? "" : `; ${release.label} ${format(value)}`
