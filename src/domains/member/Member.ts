/**
 * The member administration service (docs/service.md "Member administration"): membership and ID
 * checks, sign-up, withdrawal, company information, contacts and the member's portal pages. Every
 * input is validated against the spec's rules before anything is sent.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import { TaxdocConfig } from "../../core/Config.js"
import type { ValidationError } from "../../core/Errors.js"
import { rule } from "../../core/Rule.js"
import type { GenericResult } from "../../core/Schemas.js"
import * as Telemetry from "../../core/internal/Telemetry.js"
import { validate } from "../../core/Validation.js"
import * as Operations from "./Operations.js"
import type { Contact, ContactInput, CorpInfo, JoinMemberInput, UpdateContactInput } from "./Schemas.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = Operations.SCOPE

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
 * What the Member service offers: the methods of `Member.Member`.
 *
 * @since 1.0.0
 * @category models
 */
export interface MemberService {
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
  /** GetAccessURL: the portal, logged in as the member (or `userId`), valid 30 seconds. */
  readonly getAccessURL: (corpNum: string, userId?: string) => Effect.Effect<string, MemberError>
  /** GetChargeURL: the page to charge points, valid 30 seconds. */
  readonly getChargeURL: (corpNum: string, userId?: string) => Effect.Effect<string, MemberError>
  /** GetPaymentURL: the member's payment history page, valid 30 seconds. */
  readonly getPaymentURL: (corpNum: string, userId?: string) => Effect.Effect<string, MemberError>
  /** GetUseHistoryURL: the member's use history page, valid 30 seconds. */
  readonly getUseHistoryURL: (corpNum: string, userId?: string) => Effect.Effect<string, MemberError>
}

/**
 * The member administration service: `yield* Member` in a program given `Taxdoc.layer` (or
 * `Taxdoc.services`, or this module's `layer`).
 *
 * @since 0.1.0
 * @category services
 */
export class Member extends Context.Service<Member, MemberService>()("taxdoc/Member") {}

// DeleteContact is the one operation whose X-SVC-UserID is required (the manager's).
const ManagerId = Schema.Struct({
  managerId: Schema.String.pipe(rule("required", (s: string) => s.length > 0, "is required: the manager's user ID (X-SVC-UserID)"))
})

/**
 * The service over `TaxdocClient`, with the configured partner's link ID for sign-up and the
 * membership check.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<MemberService, never, TaxdocClient | TaxdocConfig> = Effect.gen(function*() {
  const client = yield* TaxdocClient
  const config = yield* TaxdocConfig

  const checkIsMember = Telemetry.fn("Member.checkIsMember")(function*(corpNum: string) {
    const result = yield* client.call(Operations.CheckIsMember, { params: { CorpNum: corpNum, LID: config.linkId } })
    return result.code === 1
  })

  const checkId = Telemetry.fn("Member.checkId")(function*(id: string) {
    const result = yield* client.call(Operations.CheckID, { params: { ID: id } })
    return result.code === 1
  })

  const quit = Telemetry.fn("Member.quit")(function*(corpNum: string, quitReason: string, userId?: string) {
    const result = yield* client.call(Operations.QuitMember, { corpNum, userId, body: { quitReason } })
    // The member's tokens die with it (as good clients drop the cached token).
    yield* client.forgetMember(corpNum)
    return result
  })

  const deleteContact = Telemetry.fn("Member.deleteContact")(function*(corpNum: string, contactId: string, managerId: string) {
    yield* validate("Member.deleteContact", ManagerId, { managerId })
    return yield* client.call(Operations.DeleteContact, { corpNum, userId: managerId, params: { ContactID: contactId } })
  })

  const page = (name: Operations.Page) =>
    Telemetry.fn(Operations.pageOperations[name].sdk)(function*(corpNum: string, userId?: string) {
      const result = yield* client.call(Operations.pageOperations[name], { corpNum, userId })
      return result.url
    })

  return {
    checkIsMember,
    checkId,
    join: (input) => client.call(Operations.JoinMember, { body: { ...input, LinkID: input.LinkID ?? config.linkId } }),
    quit,
    getCorpInfo: (corpNum, userId) => client.call(Operations.GetCorpInfo, { corpNum, userId }),
    updateCorpInfo: (corpNum, info, userId) => client.call(Operations.UpdateCorpInfo, { corpNum, userId, body: info }),
    registContact: (corpNum, contact, userId) => client.call(Operations.RegistContact, { corpNum, userId, body: contact }),
    getContactInfo: (corpNum, contactId, userId) => client.call(Operations.GetContactInfo, { corpNum, userId, body: { id: contactId } }),
    listContact: (corpNum, userId) => client.call(Operations.ListContact, { corpNum, userId }),
    updateContact: (corpNum, contact, userId) => client.call(Operations.UpdateContact, { corpNum, userId, body: contact }),
    deleteContact,
    getAccessURL: page("LOGIN"),
    getChargeURL: page("CHRG"),
    getPaymentURL: page("PAYMENT"),
    getUseHistoryURL: page("USEHISTORY")
  }
})

/**
 * The member administration service alone, over the `TaxdocClient` and `TaxdocConfig` in the
 * context (`Taxdoc.services` builds every service at once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Member, never, TaxdocClient | TaxdocConfig> = Layer.effect(Member, make)
