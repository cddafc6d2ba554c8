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
import { type CallError, TaxdocClient } from "../../core/Client.js"
import { TaxdocConfig } from "../../core/Config.js"
import type { ValidationError } from "../../core/Errors.js"
import type { GenericResult } from "../../core/Schemas.js"
import * as Lazy from "../../core/Lazy.js"
import type { Contact, ContactInput, CorpInfo, JoinMemberInput, UpdateContactInput } from "./Schemas.js"
import type * as Operations from "./Operations.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens"), as declared in the catalogue (the type checks it).
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE: typeof Operations.SCOPE = "member"

/**
 * The sign-up input; `LinkID` defaults to the configured partner.
 *
 * @since 0.1.0
 * @category models
 */
export type JoinInput = Omit<typeof JoinMemberInput.Encoded, "LinkID"> & { readonly LinkID?: string | undefined }

/**
 * Failures of member operations.
 *
 * @since 0.1.0
 * @category errors
 */
export type MemberError = ValidationError | CallError

/**
 * @since 0.1.0
 * @category services
 */
export class Member extends Context.Tag("taxdoc/Member")<Member, {
  /** `true` when `corpNum` is a member of the configured partner (no token needed). */
  readonly checkIsMember: (corpNum: string) => Effect.Effect<boolean, MemberError>
  /** `true` when the contact ID is already in use (no token needed). */
  readonly checkId: (id: string) => Effect.Effect<boolean, MemberError>
  /** Signs a business up as a member of the partner (no token needed). */
  readonly join: (input: JoinInput) => Effect.Effect<GenericResult, MemberError>
  /** Withdraws the member: every account is deleted, and its cached tokens are dropped. */
  readonly quit: (corpNum: string, quitReason: string, userId?: string) => Effect.Effect<GenericResult, MemberError>
  readonly getCorpInfo: (corpNum: string, userId?: string) => Effect.Effect<CorpInfo, MemberError>
  readonly updateCorpInfo: (corpNum: string, info: typeof CorpInfo.Encoded, userId?: string) => Effect.Effect<GenericResult, MemberError>
  /** Adds a contact (sub-account); `searchRole` defaults to 3 (company). */
  readonly registContact: (corpNum: string, contact: typeof ContactInput.Encoded, userId?: string) => Effect.Effect<GenericResult, MemberError>
  readonly getContactInfo: (corpNum: string, contactId: string, userId?: string) => Effect.Effect<Contact, MemberError>
  readonly listContact: (corpNum: string, userId?: string) => Effect.Effect<ReadonlyArray<Contact>, MemberError>
  readonly updateContact: (corpNum: string, contact: typeof UpdateContactInput.Encoded, userId?: string) => Effect.Effect<GenericResult, MemberError>
  /** Deletes a contact; `managerId` (sent as X-SVC-UserID) must be the member's manager account. */
  readonly deleteContact: (corpNum: string, contactId: string, managerId: string) => Effect.Effect<GenericResult, MemberError>
}>() {}

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
