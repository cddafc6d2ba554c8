/**
 * Protection of the admin routes (`/_sandbox/…`): they reset the sandbox, move its clock and inject
 * faults, so a web page a developer happens to open, or anyone on the network, must not reach them.
 *
 * - An admin token, when the server sets one (it does whenever it listens on a non-loopback
 *   address): every admin request needs `Authorization: Bearer <admin token>`, compared in
 *   constant time.
 * - Always: a request whose `Origin` names another origin than the one it was sent to (the `Host`
 *   header), or that a browser marks `Sec-Fetch-Site: cross-site`/`same-site`, is refused; a request
 *   with a body (or a Content-Type) must be JSON — `text/plain` and forms are what a page can send
 *   cross-site without a preflight.
 *
 * @since 0.1.0
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { isIPv4 } from "node:net"
import { fail, type SandboxFailure } from "./Failure.js"

/**
 * Options of the guard.
 *
 * @since 0.1.0
 * @category models
 */
export interface AdminAccess {
  /** When set, every admin request needs `Authorization: Bearer <adminToken>`. */
  readonly adminToken?: string | undefined
  /**
   * When set (a server on loopback), the `Host` an admin request names must be a loopback name:
   * a page on another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) is refused.
   */
  readonly loopbackHostOnly?: boolean | undefined
}

const JSON_TYPE = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest()

/**
 * Constant-time comparison of two secrets of any length (both are hashed first, so neither the
 * content nor the length leaks through timing).
 *
 * @since 0.1.0
 * @category combinators
 */
export const secretsEqual = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b))

/**
 * A fresh admin token: 192 random bits, URL-safe.
 *
 * @since 0.1.0
 * @category constructors
 */
export const generateAdminToken = (): string => randomBytes(24).toString("base64url")

/**
 * `true` for addresses only this machine can reach: `127.0.0.0/8`, `::1`, `localhost`,
 * `::ffff:127.x.x.x`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isLoopback = (host: string): boolean => {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase()
  if (bare === "localhost" || bare === "::1") return true
  const v4 = bare.startsWith("::ffff:") ? bare.slice(7) : bare
  return isIPv4(v4) && v4.startsWith("127.")
}

/** The name part of a Host header (`[::1]:8787` → `::1`, `localhost:8787` → `localhost`). */
const hostnameOf = (host: string): string => {
  const bracketed = /^\[([^\]]*)\]/.exec(host)
  if (bracketed !== null) return bracketed[1]!
  const colon = host.lastIndexOf(":")
  return colon < 0 ? host : host.slice(0, colon)
}

const sameOrigin = (origin: string, host: string | undefined): boolean => {
  if (host === undefined) return false
  try {
    const url = new URL(origin)
    return (url.protocol === "http:" || url.protocol === "https:") && url.host.toLowerCase() === host.trim().toLowerCase()
  } catch {
    return false
  }
}

/**
 * The failure refusing an admin request, or `undefined` when it may proceed. `headers` have
 * lower-case names.
 *
 * @since 0.1.0
 * @category combinators
 */
export const refusal = (
  access: AdminAccess,
  request: { readonly headers: Readonly<Record<string, string>>; readonly body: Uint8Array }
): SandboxFailure | undefined => {
  const { headers } = request
  if (access.adminToken !== undefined) {
    const presented = /^\s*bearer\s+(\S+)\s*$/i.exec(headers["authorization"] ?? "")?.[1]
    if (presented === undefined || !secretsEqual(presented, access.adminToken)) return fail("AdminTokenRequired")
  }
  if (access.loopbackHostOnly === true && !isLoopback(hostnameOf(headers["host"] ?? ""))) {
    return fail("AdminCrossOrigin", `Host ${headers["host"] ?? "(none)"}`)
  }
  const origin = headers["origin"]
  if (origin !== undefined && !sameOrigin(origin, headers["host"])) return fail("AdminCrossOrigin", `Origin ${origin}`)
  const site = headers["sec-fetch-site"]?.trim().toLowerCase()
  if (site === "cross-site" || site === "same-site") return fail("AdminCrossOrigin", `Sec-Fetch-Site ${site}`)
  const contentType = headers["content-type"]
  if ((request.body.length > 0 || contentType !== undefined) && !JSON_TYPE.test(contentType ?? "")) {
    return fail("AdminContentType", `Content-Type ${contentType ?? "(none)"}`)
  }
  return undefined
}
