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
 * - The sandbox's own pages (`/_sandbox/ui`, `ui/`) are guarded by the same rules, with two
 *   differences a browser needs: the admin token may also come in the pages' cookie (set by their
 *   sign-in form: HttpOnly, SameSite=Strict, holding a digest of the token, never the token), and
 *   bodies are forms (`application/x-www-form-urlencoded`). A cross-site form post is refused by
 *   its `Origin` and `Sec-Fetch-Site` as any admin request is.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import { isIPv4 } from "node:net"
import { fail, type SandboxFailure } from "../Failure.js"

/** Options of the guard. */
export interface AdminAccess {
  /** When set, every admin request needs `Authorization: Bearer <adminToken>`. */
  readonly adminToken?: string | undefined
  /**
   * When set (a server on loopback), the `Host` an admin request names must be a loopback name:
   * a page on another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) is refused.
   */
  readonly loopbackHostOnly?: boolean | undefined
}

/**
 * Which requests the guard judges: the admin routes (JSON), the sandbox's pages (forms, the admin
 * token also from the pages' cookie), or the pages' sign-in form (no token yet).
 */
type Surface = "admin" | "pages" | "signIn"

/** The name of the pages' cookie. */
export const PAGES_COOKIE = "taxdoc_sandbox_admin"

const JSON_TYPE = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i
const FORM_TYPE = /^\s*application\/x-www-form-urlencoded\s*(?:;.*)?$/i

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest()

/**
 * Constant-time comparison of two secrets of any length (both are hashed first, so neither the
 * content nor the length leaks through timing).
 */
export const secretsEqual = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b))

/** A fresh admin token: 192 random bits, URL-safe. */
export const generateAdminToken = (): string => randomBytes(24).toString("base64url")

/**
 * The value of the pages' cookie for an admin token: an HMAC of a fixed text under the token, so the
 * cookie proves the token was entered without holding it.
 */
export const pagesSession = (adminToken: string): string =>
  createHmac("sha256", adminToken).update("taxdoc sandbox pages", "utf8").digest("base64url")

/** The value of one cookie of a Cookie header, if sent. */
const cookieOf = (header: string | undefined, name: string): string | undefined => {
  if (header === undefined) return undefined
  for (const part of header.split(";")) {
    const at = part.indexOf("=")
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/** `true` when the request presents the admin token: as a bearer, or (pages) in the pages' cookie. */
const presentsToken = (adminToken: string, headers: Readonly<Record<string, string>>, surface: Surface): boolean => {
  const bearer = /^\s*bearer\s+(\S+)\s*$/i.exec(headers["authorization"] ?? "")?.[1]
  if (bearer !== undefined) return secretsEqual(bearer, adminToken)
  const cookie = surface === "pages" ? cookieOf(headers["cookie"], PAGES_COOKIE) : undefined
  return cookie !== undefined && secretsEqual(cookie, pagesSession(adminToken))
}

/**
 * `true` for addresses only this machine can reach: `127.0.0.0/8`, `::1`, `localhost`,
 * `::ffff:127.x.x.x`.
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
 * The failure refusing an admin request (or a request of the sandbox's pages, `surface`), or
 * `undefined` when it may proceed. `headers` have lower-case names.
 */
export const refusal = (
  access: AdminAccess,
  request: { readonly headers: Readonly<Record<string, string>>; readonly body: Uint8Array },
  surface: Surface = "admin"
): SandboxFailure | undefined => {
  const { headers } = request
  if (access.adminToken !== undefined && surface !== "signIn" && !presentsToken(access.adminToken, headers, surface)) {
    return fail("AdminTokenRequired")
  }
  if (access.loopbackHostOnly === true && !isLoopback(hostnameOf(headers["host"] ?? ""))) {
    return fail("AdminCrossOrigin", `Host ${headers["host"] ?? "(none)"}`)
  }
  const origin = headers["origin"]
  if (origin !== undefined && !sameOrigin(origin, headers["host"])) return fail("AdminCrossOrigin", `Origin ${origin}`)
  const site = headers["sec-fetch-site"]?.trim().toLowerCase()
  if (site === "cross-site" || site === "same-site") return fail("AdminCrossOrigin", `Sec-Fetch-Site ${site}`)
  const contentType = headers["content-type"]
  const accepted = surface === "admin" ? JSON_TYPE : FORM_TYPE
  if ((request.body.length > 0 || contentType !== undefined) && !accepted.test(contentType ?? "")) {
    return fail("AdminContentType", `Content-Type ${contentType ?? "(none)"}`)
  }
  return undefined
}
