/**
 * What a client side is compared with besides the floor: the platform client it runs on, used raw,
 * and the 0.1 line's figure beside this checkout's in a target's line.
 *
 * @since 1.0.0
 */
import type { Checkout } from "./checkout.js"
import { PLATFORM, PLATFORM_NODE_HTTP, type releaseSides, SDK, SDK_NODE_HTTP, SDK_PLATFORM, type SideSpec, UNDICI_LAYER } from "./clients.js"

/**
 * The id of the side that is the client `side` runs on, used raw; `undefined` when none is measured
 * (0.1's own transport handed the SDK's requests to undici past its `HttpClient` interface, which
 * gave other code the platform's client: it has no figure of its own used raw).
 *
 * @since 1.0.0
 * @category combinators
 */
export const platformOf = (side: SideSpec, old?: ReturnType<typeof releaseSides>): string | undefined => {
  if (side.id === SDK.id) return UNDICI_LAYER.id
  if (side.id === SDK_PLATFORM.id) return PLATFORM.id
  if (side.id === SDK_NODE_HTTP.id) return PLATFORM_NODE_HTTP.id
  if (old !== undefined && side.id === old.sdkPlatform.id) return old.platform.id
  return undefined
}

/**
 * `; taxdoc 0.1.0 (2020643) <figure>` for a target's line, or nothing without the 0.1 line.
 *
 * @since 1.0.0
 * @category formatting
 */
export const releaseNote = <A>(release: Checkout | undefined, value: A | undefined, format: (value: A) => string): string =>
  release === undefined || value === undefined ? "" : `; ${release.label} ${format(value)}`
