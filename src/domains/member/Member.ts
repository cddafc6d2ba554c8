/**
 * The member administration service (docs/service.md "Member administration"): membership and ID
 * checks, sign-up, withdrawal, company information and contacts. Every input is validated against
 * the spec's rules before anything is sent.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TaxdocClient } from "../../core/Client.js"
import { TaxdocConfig } from "../../core/Config.js"
import * as Lazy from "../../core/Lazy.js"
import type * as Operations from "./Operations.js"
import type { Service } from "./Service.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens"), as declared in the catalogue (the type checks it).
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE: typeof Operations.SCOPE = "member"

/**
 * The service's interface, its options and failures.
 *
 * @since 0.1.0
 */
export type * from "./Service.js"

/**
 * @since 0.1.0
 * @category services
 */
export class Member extends Context.Tag("taxdoc/Member")<Member, Service>() {}

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<Member>]: true } = {
  checkIsMember: true,
  checkId: true,
  join: true,
  quit: true,
  getCorpInfo: true,
  updateCorpInfo: true,
  registContact: true,
  getContactInfo: true,
  listContact: true,
  updateContact: true,
  deleteContact: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/MemberLive.js")>(import.meta.url, "./internal/MemberLive.js", () => import("./internal/MemberLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<Member>, never, TaxdocClient | TaxdocConfig> = Effect.map(
  Effect.all([TaxdocClient, TaxdocConfig]),
  ([client, config]) => Member.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client, config))))
)

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Member, never, TaxdocClient | TaxdocConfig> = Layer.effect(Member, make)
