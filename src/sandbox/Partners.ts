/**
 * The partners the sandbox knows: LinkID → Base64 secret key (docs/sandbox.md "Partners"). A default
 * partner `TESTER` always exists; its secret is generated at start unless one is given.
 *
 * @since 0.1.0
 */
import { randomBytes } from "node:crypto"
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import * as SchemaTransformation from "effect/SchemaTransformation"

/**
 * A partner: its public LinkID and its Base64 secret key.
 *
 * @since 0.1.0
 * @category models
 */
export interface Partner {
  readonly linkId: string
  readonly secretKey: string
}

/**
 * The LinkID of the default partner.
 *
 * @since 0.1.0
 * @category constants
 */
export const TESTER_LINK_ID = "TESTER"

/**
 * A fixed, publicly known secret for the `TESTER` partner, for tests only: it signs requests to a
 * sandbox and is worthless anywhere else.
 *
 * @since 0.1.0
 * @category constants
 */
export const TESTER_SECRET = "dGF4ZG9jLXNhbmRib3gtb25seS10ZXN0ZXIta2V5ISE="

/**
 * The `TESTER` partner with the well-known test secret.
 *
 * @since 0.1.0
 * @category constants
 */
export const tester: Partner = { linkId: TESTER_LINK_ID, secretKey: TESTER_SECRET }

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/**
 * A fresh random secret (32 bytes, Base64).
 *
 * @since 0.1.0
 * @category constructors
 */
export const generateSecret = (): string => randomBytes(32).toString("base64")

/**
 * Parses one `LINKID:BASE64SECRET` entry (the `--partner` flag, `TAXDOC_SANDBOX_PARTNERS`).
 *
 * @since 0.1.0
 * @category parsing
 */
export const parsePartner = (text: string): Result.Result<Partner, string> => {
  const entry = text.trim()
  const colon = entry.indexOf(":")
  if (colon <= 0) return Result.fail(`partner "${entry}" is not LINKID:BASE64SECRET`)
  const linkId = entry.slice(0, colon)
  const secretKey = entry.slice(colon + 1)
  if (/\s/.test(linkId)) return Result.fail(`partner LinkID "${linkId}" may not contain spaces`)
  if (secretKey.length === 0 || !BASE64.test(secretKey)) return Result.fail(`the secret of partner "${linkId}" is not Base64`)
  return Result.succeed({ linkId, secretKey })
}

/**
 * Parses a comma-separated list of `LINKID:BASE64SECRET` entries; empty entries are skipped.
 *
 * @since 0.1.0
 * @category parsing
 */
export const parsePartners = (list: string): Result.Result<ReadonlyArray<Partner>, string> =>
  Result.all(list.split(",").filter((e) => e.trim() !== "").map(parsePartner))

const PartnerSchema = Schema.Struct({ linkId: Schema.String, secretKey: Schema.String })

/**
 * A comma-separated list of `LINKID:BASE64SECRET` entries, decoded into partners (a malformed entry
 * is refused naming it).
 *
 * @since 1.0.0
 * @category schemas
 */
export const PartnerList = Schema.String.pipe(
  Schema.decodeTo(
    Schema.Array(PartnerSchema),
    SchemaTransformation.transformEffect({
      decode: (list, options) =>
        Result.match(parsePartners(list), {
          onSuccess: Effect.succeed,
          onFailure: (message) => Effect.fail(new SchemaIssue.InvalidValue({ message }, list, options))
        }),
      encode: (partners) => Effect.succeed(partners.map((p) => `${p.linkId}:${p.secretKey}`).join(","))
    })
  )
)

/**
 * The partners of `TAXDOC_SANDBOX_PARTNERS` (comma-separated `LINKID:BASE64SECRET`), none when unset.
 *
 * @since 0.1.0
 * @category config
 */
export const config: Config.Config<ReadonlyArray<Partner>> = Config.schema(PartnerList, "TAXDOC_SANDBOX_PARTNERS").pipe(
  Config.withDefault<ReadonlyArray<Partner>>([])
)

/**
 * A partner registry: the given partners (later entries win) plus `TESTER` with a generated secret
 * when it is not among them.
 *
 * @since 0.1.0
 * @category models
 */
export interface PartnerRegistry {
  readonly all: ReadonlyArray<Partner>
  readonly secretOf: (linkId: string) => string | undefined
}

/**
 * Builds a registry; entries are partners or `LINKID:BASE64SECRET` texts (invalid texts throw, as a
 * configuration mistake at start).
 *
 * @since 0.1.0
 * @category constructors
 */
export const registry = (entries: ReadonlyArray<Partner | string> = []): PartnerRegistry => {
  const byId = new Map<string, string>()
  for (const entry of entries) {
    const partner = typeof entry === "string" ? Result.getOrThrowWith(parsePartner(entry), (message) => new Error(message)) : entry
    byId.set(partner.linkId, partner.secretKey)
  }
  if (!byId.has(TESTER_LINK_ID)) byId.set(TESTER_LINK_ID, generateSecret())
  const all = Array.from(byId, ([linkId, secretKey]) => ({ linkId, secretKey }))
  return { all, secretOf: (linkId) => byId.get(linkId) }
}
