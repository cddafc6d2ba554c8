/**
 * Secret scrubbing at record time (docs/recordings.md "Secrets") with consistent placeholders: every access token
 * becomes `<token-N>` in order of first appearance (the same token always the same placeholder),
 * `SVC <LinkID> <signature>` signatures lose the signature, X-SVC-Date values become
 * `<svc-date>`, passwords in JSON bodies `<password>`, and any configured secret `<secret-key>`. Scrubbing is idempotent, and the
 * leak scan run before a cassette is written is the last line of defence.
 *
 * @since 0.1.0
 */
import * as Option from "effect/Option"
import type { Cassette, Interaction, RecordedRequest, StoredBody } from "./Cassette.js"
import { setMember } from "./internal/json.js"

/**
 * What a signature is replaced with.
 *
 * @since 0.1.0
 * @category constants
 */
export const SIGNATURE_PLACEHOLDER = "<signature>"

/**
 * What an X-SVC-Date value is replaced with.
 *
 * @since 0.1.0
 * @category constants
 */
export const DATE_PLACEHOLDER = "<svc-date>"

/**
 * What a configured secret is replaced with.
 *
 * @since 0.1.0
 * @category constants
 */
export const SECRET_PLACEHOLDER = "<secret-key>"

/**
 * What the value of a JSON `password` / `Password` member (JoinMember, RegistContact) is replaced
 * with; requests are matched after scrubbing, so a replay still matches.
 *
 * @since 0.1.0
 * @category constants
 */
export const PASSWORD_PLACEHOLDER = "<password>"

/**
 * A kind of personal data scrubbed from cassettes by default: JSON members whose name matches
 * `keys` (any depth, request and answer bodies), each distinct value replaced by `<kind-N>` in order
 * of first appearance in the session — the same value always the same placeholder, so that a replay
 * of the same scenario still matches.
 *
 * @since 0.1.0
 * @category models
 */
export interface PersonalData {
  readonly kind: string
  readonly keys: RegExp
  /**
   * Values of these members that are no one's data and stay as recorded: fixtures a scenario
   * chose for the sandbox to act on (a buyer number its tax authority refuses), which a replay
   * against the sandbox needs as they were.
   */
  readonly keep?: ((value: string) => boolean) | undefined
}

/**
 * What is scrubbed by default: buyer identity numbers (phone, resident, card numbers), phone and fax
 * numbers, e-mail addresses (also inside any text), names of persons, and portal URLs (their
 * tickets open a document): every `url` member, and a portal link `<origin>/portal/<ticket>` inside
 * any text.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultPersonalData: ReadonlyArray<PersonalData> = [
  { kind: "identity", keys: /^identityNum$/i },
  { kind: "phone", keys: /(^hp$|^tel$|^fax$|TEL\d*$|HP\d*$|FAX\d*$|^ContactTEL$)/ },
  { kind: "email", keys: /(^email$|Email\d*$|^receiver$)/i },
  { kind: "person", keys: /(^customerName$|^personName$|CEOName$|^ceoname$|ContactName\d*$|^contactName$)/i },
  { kind: "url", keys: /^url$/i }
]

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g

// A sandbox portal link (docs/decisions.md "Portal pages"): an origin, the environment prefix, /portal/ and the ticket.
const PORTAL_LINK = /(?:https?:\/\/[^\s"'<>/]+)?(?:\/production)?\/portal\/[0-9a-f]{32}/g

/**
 * A request as it is matched: personal-data placeholders without their numbers (`<person-4>` →
 * `<person>`), so that a test replaying only part of a recorded scenario — whose values get other
 * numbers in its session — still matches, while every other field must be equal.
 *
 * @since 0.1.0
 * @category combinators
 */
export const forMatching = (request: RecordedRequest, personalData: ReadonlyArray<PersonalData> = defaultPersonalData): RecordedRequest => {
  if (personalData.length === 0) return request
  const kinds = new RegExp(`<(${personalData.map((rule) => rule.kind).join("|")})-\\d+>`, "g")
  const strip = (value: unknown): unknown =>
    typeof value === "string"
      ? value.replace(kinds, "<$1>")
      : Array.isArray(value)
      ? value.map(strip)
      : value !== null && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]))
      : value
  return strip(request) as RecordedRequest
}

/**
 * `<token-1>`, `<token-2>`, …
 *
 * @since 0.1.0
 * @category constructors
 */
export const tokenPlaceholder = (n: number): string => `<token-${n}>`

/**
 * Whether a value is a token placeholder.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isTokenPlaceholder = (value: string): boolean => /^<token-\d+>$/.test(value)

/**
 * Values shorter than this are replaced only where they stand (a `Bearer` value, a
 * `session_token` member), never searched for in other text: a short value would also hit
 * unrelated text.
 *
 * @since 0.1.0
 * @category constants
 */
export const MIN_SEARCHED_LENGTH = 8

const BEARER = /\bBearer\s+([^\s"',;<][^\s"',;]*)/g
const SVC_SIGNATURE = /\bSVC\s+([^\s<>"]+)\s+([A-Za-z0-9+/]{16,}={0,2})/g

// Placeholders are kept whole: a value is never searched for inside one.
const PLACEHOLDER = /<[a-z]+(?:-[a-z]+)*(?:-\d+)?>/g

const PLACEHOLDER_WHOLE = /^<[a-z]+(?:-[a-z]+)*(?:-\d+)?>$/

const outsidePlaceholders = (text: string, f: (segment: string) => string): string => {
  let out = ""
  let last = 0
  for (const match of text.matchAll(PLACEHOLDER)) {
    out += f(text.slice(last, match.index)) + match[0]
    last = match.index + match[0].length
  }
  return out + f(text.slice(last))
}

/**
 * A scrubber remembers the tokens it has seen, so that a token keeps its placeholder across a
 * whole cassette.
 *
 * @since 0.1.0
 * @category models
 */
export interface Scrubber {
  /** The placeholder of a raw token, assigning the next number on first sight. */
  readonly token: (raw: string) => string
  /** Notes the token of an `Authorization: Bearer …` value sent on the wire. */
  readonly observeAuthorization: (value: string) => void
  /** Every raw token seen so far, with its placeholder. */
  readonly tokens: () => ReadonlyArray<readonly [raw: string, placeholder: string]>
  readonly string: (text: string) => string
  readonly request: (request: RecordedRequest) => RecordedRequest
  readonly interaction: (interaction: Interaction) => Interaction
}

/**
 * A scrubber for the given secrets; numbering continues after `existing` placeholders (a cassette
 * that is extended keeps its numbers).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: {
  readonly secrets: ReadonlyArray<string>
  readonly existing?: Cassette | undefined
  /** Personal data to scrub (default `defaultPersonalData`; `[]` keeps it). */
  readonly personalData?: ReadonlyArray<PersonalData> | undefined
}): Scrubber => {
  const secrets = options.secrets.filter((s) => s.length >= MIN_SEARCHED_LENGTH)
  const placeholders = new Map<string, string>()
  let next = highestTokenNumber(options.existing) + 1
  const personalData = options.personalData ?? defaultPersonalData
  const personal = new Map<string, string>()
  const counters = new Map<string, number>()

  // `<kind-N>` per distinct value, numbered per session in order of first appearance.
  const pseudonym = (kind: string, raw: string): string => {
    if (raw === "" || PLACEHOLDER_WHOLE.test(raw)) return raw
    const key = `${kind}\u0000${raw}`
    const known = personal.get(key)
    if (known !== undefined) return known
    const n = (counters.get(kind) ?? 0) + 1
    counters.set(kind, n)
    const placeholder = `<${kind}-${n}>`
    personal.set(key, placeholder)
    return placeholder
  }
  const ruleOf = (key: string): PersonalData | undefined => personalData.find((rule) => rule.keys.test(key))
  const personalValue = (key: string, value: string): string => {
    const rule = ruleOf(key)
    return rule === undefined ? string(value) : rule.keep?.(value) === true ? value : pseudonym(rule.kind, value)
  }
  const emails = personalData.some((rule) => rule.kind === "email")
  const urls = personalData.some((rule) => rule.kind === "url")

  const token = (raw: string): string => {
    if (isTokenPlaceholder(raw)) return raw
    const known = placeholders.get(raw)
    if (known !== undefined) return known
    const placeholder = tokenPlaceholder(next++)
    placeholders.set(raw, placeholder)
    return placeholder
  }

  const replaceKnown = (segment: string): string => {
    let out = segment
    for (const secret of secrets) out = out.split(secret).join(SECRET_PLACEHOLDER)
    // Longest first, so that a token containing another is replaced whole.
    const known = [...placeholders].filter(([raw]) => raw.length >= MIN_SEARCHED_LENGTH).sort(([a], [b]) => b.length - a.length)
    for (const [raw, placeholder] of known) out = out.split(raw).join(placeholder)
    return out
  }

  // Tokens are registered before anything is replaced, so that every occurrence of a token in an
  // interaction is replaced, wherever the occurrence that revealed it stands.
  const collectString = (text: string): void => {
    for (const match of text.matchAll(BEARER)) token(match[1]!)
  }

  const collectJson = (value: unknown): void => {
    if (typeof value === "string") collectString(value)
    else if (Array.isArray(value)) value.forEach(collectJson)
    else if (value !== null && typeof value === "object") {
      for (const [key, member] of Object.entries(value)) {
        if (key === "session_token" && typeof member === "string") token(member)
        else collectJson(member)
      }
    }
  }

  const collectBody = (stored: StoredBody): void => {
    if (stored.kind === "json") collectJson(stored.json)
    else if (stored.kind === "text") collectString(stored.text)
    else if (stored.kind === "multipart" && stored.encoding === "utf8") collectString(stored.content)
  }

  const collect = (part: { readonly headers: Readonly<Record<string, string>>; readonly body: StoredBody }): void => {
    Object.values(part.headers).forEach(collectString)
    collectBody(part.body)
  }

  const string = (text: string): string => {
    collectString(text)
    return outsidePlaceholders(text, (segment) => {
      const known = replaceKnown(segment)
      const linked = urls ? known.replace(PORTAL_LINK, (link) => pseudonym("url", link)) : known
      return emails ? linked.replace(EMAIL, (address) => pseudonym("email", address)) : linked
    })
      .replace(BEARER, (_, raw: string) => `Bearer ${token(raw)}`)
      .replace(SVC_SIGNATURE, (_, linkId: string) => `SVC ${linkId} ${SIGNATURE_PLACEHOLDER}`)
  }

  const json = (value: unknown): unknown => {
    if (typeof value === "string") return string(value)
    if (Array.isArray(value)) return value.map(json)
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {}
      for (const [key, member] of Object.entries(value)) {
        setMember(
          out,
          key,
          typeof member !== "string"
            ? json(member)
            : key === "session_token"
            ? token(member)
            : /^password$/i.test(key)
            ? PASSWORD_PLACEHOLDER
            : personalValue(key, member)
        )
      }
      return out
    }
    return value
  }

  const body = (stored: StoredBody): StoredBody => {
    switch (stored.kind) {
      case "json":
        return { kind: "json", json: json(stored.json) }
      case "text":
        return { kind: "text", text: string(stored.text) }
      case "multipart":
        return stored.encoding === "utf8" ? { ...stored, content: string(stored.content) } : stored
      default:
        return stored
    }
  }

  const headers = (values: Readonly<Record<string, string>>): Record<string, string> => {
    const out: Record<string, string> = {}
    for (const [name, value] of Object.entries(values)) {
      out[name] = name.toLowerCase() === "x-svc-date" ? DATE_PLACEHOLDER : string(value)
    }
    return out
  }

  return {
    token,
    observeAuthorization: (value) => {
      const bearer = /^\s*Bearer\s+(\S+)/i.exec(value)
      if (bearer !== null) token(bearer[1]!)
    },
    tokens: () => [...placeholders],
    string,
    request: (request) => {
      collect(request)
      return { ...request, headers: headers(request.headers), body: body(request.body) }
    },
    interaction: (interaction) => {
      collect(interaction.request)
      collect(interaction.response)
      return {
        recordedAt: interaction.recordedAt,
        request: { ...interaction.request, headers: headers(interaction.request.headers), body: body(interaction.request.body) },
        response: { ...interaction.response, headers: headers(interaction.response.headers), body: body(interaction.response.body) }
      }
    }
  }
}

const highestTokenNumber = (cassette: Cassette | undefined): number => {
  if (cassette === undefined) return 0
  let highest = 0
  for (const match of JSON.stringify(cassette).matchAll(/<token-(\d+)>/g)) highest = Math.max(highest, Number(match[1]))
  return highest
}

/**
 * A secret to look for before writing, and the name it is reported by (never its value).
 *
 * @since 0.1.0
 * @category models
 */
export interface Watched {
  readonly label: string
  readonly value: string
}

/**
 * Where a watched secret would be written.
 *
 * @since 0.1.0
 * @category models
 */
export interface Leak {
  readonly label: string
  readonly location: string
}

const binaryText = (body: StoredBody): Option.Option<string> => {
  if (body.kind === "binary") return Option.some(Buffer.from(body.base64, "base64").toString("latin1"))
  if (body.kind === "multipart" && body.encoding === "base64") return Option.some(Buffer.from(body.content, "base64").toString("latin1"))
  return Option.none()
}

const contains = (text: string, value: string): boolean => {
  if (value.length < MIN_SEARCHED_LENGTH) return false
  const escaped = JSON.stringify(value).slice(1, -1)
  const visible = text.replace(PLACEHOLDER, " ")
  return visible.includes(value) || visible.includes(escaped)
}

/**
 * Every place of a cassette where a watched secret appears: its serialised text, and the decoded
 * bytes of binary bodies (Base64 would hide it from a text search).
 *
 * @since 0.1.0
 * @category combinators
 */
export const findLeaks = (cassette: Cassette, watched: ReadonlyArray<Watched>): ReadonlyArray<Leak> => {
  const leaks: Array<Leak> = []
  cassette.interactions.forEach((interaction, i) => {
    const texts: Array<readonly [string, string]> = [[`interactions[${i}]`, JSON.stringify(interaction)]]
    for (const side of ["request", "response"] as const) {
      const decoded = binaryText(interaction[side].body)
      if (Option.isSome(decoded)) texts.push([`interactions[${i}].${side}.body (decoded)`, decoded.value])
    }
    for (const secret of watched) {
      for (const [location, text] of texts) if (contains(text, secret.value)) leaks.push({ label: secret.label, location })
    }
  })
  return leaks
}
