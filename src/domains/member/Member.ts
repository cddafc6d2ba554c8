/**
 * The member administration service (SPEC.md "Authentication and member"): membership and ID
 * checks, sign-up, withdrawal, company information and contacts. Every input is validated against
 * the spec's rules before anything is sent.
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
import type { GenericResult } from "../../core/Schemas.js"
import { validate } from "../../core/Validation.js"
import * as Trace from "../../core/Trace.js"
import * as Operations from "./Operations.js"
import type { Contact, ContactInput, CorpInfo, JoinMemberInput, UpdateContactInput } from "./Schemas.js"

/**
 * The token scope of these operations (DESIGN.md §6), as declared in the catalogue.
 *
 * @since 0.1.0
 * @category constants
 */
export { SCOPE } from "./Operations.js"

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

const ManagerId = Schema.Struct({
  managerId: Schema.String.pipe(Schema.minLength(1, { message: () => "is required: the manager's user ID (X-SVC-UserID)" }))
})

/**
 * The member service over `TaxdocClient`: every operation through the catalogue declaration of
 * `Operations.ts`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const client = yield* TaxdocClient
  const config = yield* TaxdocConfig

  const checkIsMember = Trace.fn("Member.checkIsMember", (corpNum: string) =>
    Effect.map(client.call(Operations.CheckIsMember, { params: { CorpNum: corpNum, LID: config.linkId } }), (result) => result.code === 1))

  const checkId = Trace.fn("Member.checkId", (id: string) =>
    Effect.map(client.call(Operations.CheckID, { params: { ID: id } }), (result) => result.code === 1))

  const join = (input: JoinInput) =>
    client.call(Operations.JoinMember, { body: { ...input, LinkID: input.LinkID ?? config.linkId } })

  const quit = Trace.fn("Member.quit", Effect.fnUntraced(function*(corpNum: string, quitReason: string, userId?: string) {
    const result = yield* client.call(Operations.QuitMember, { corpNum, userId, body: { quitReason } })
    // The member's tokens die with it (FACTS.md: good clients drop the cached token).
    yield* client.forgetMember(corpNum)
    return result
  }))

  const getCorpInfo = (corpNum: string, userId?: string) =>
    client.call(Operations.GetCorpInfo, { corpNum, userId })

  const updateCorpInfo = (corpNum: string, info: typeof CorpInfo.Encoded, userId?: string) =>
    client.call(Operations.UpdateCorpInfo, { corpNum, userId, body: info })

  const registContact = (corpNum: string, contact: typeof ContactInput.Encoded, userId?: string) =>
    client.call(Operations.RegistContact, { corpNum, userId, body: contact })

  const getContactInfo = (corpNum: string, contactId: string, userId?: string) =>
    client.call(Operations.GetContactInfo, { corpNum, userId, body: { id: contactId } })

  const listContact = (corpNum: string, userId?: string) =>
    client.call(Operations.ListContact, { corpNum, userId })

  const updateContact = (corpNum: string, contact: typeof UpdateContactInput.Encoded, userId?: string) =>
    client.call(Operations.UpdateContact, { corpNum, userId, body: contact })

  const deleteContact = Trace.fn("Member.deleteContact", Effect.fnUntraced(function*(corpNum: string, contactId: string, managerId: string) {
    // DeleteContact is the one operation whose X-SVC-UserID is required (the manager's).
    yield* validate("Member.deleteContact", ManagerId, { managerId })
    return yield* client.call(Operations.DeleteContact, { corpNum, userId: managerId, params: { ContactID: contactId } })
  }))

  return Member.of({
    checkIsMember,
    checkId,
    join,
    quit,
    getCorpInfo,
    updateCorpInfo,
    registContact,
    getContactInfo,
    listContact,
    updateContact,
    deleteContact
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Member, never, TaxdocClient | TaxdocConfig> = Layer.effect(Member, make)
