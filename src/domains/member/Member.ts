/**
 * The member administration service (SPEC.md "Authentication and member"): membership and ID
 * checks, sign-up, withdrawal, company information and contacts. Every input is validated against
 * the spec's rules before anything is sent.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Schema } from "effect"
import * as Body from "../../core/Body.js"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import { TaxdocConfig } from "../../core/Config.js"
import type { ValidationError } from "../../core/Errors.js"
import { CorpNum, GenericResult } from "../../core/Schemas.js"
import { validate } from "../../core/Validation.js"
import {
  CheckIdQuery,
  CheckResult,
  Contact,
  ContactIdInput,
  ContactInput,
  ContactList,
  CorpInfo,
  DeleteContactQuery,
  JoinMemberInput,
  QuitMemberInput,
  UpdateContactInput
} from "./Schemas.js"

/**
 * The scope of member operations (DESIGN.md §6).
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = "member"

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

const ManagerId = Schema.String.pipe(Schema.minLength(1, { message: () => "is required: the manager's user ID (X-SVC-UserID)" }))

/**
 * The member service over `TaxdocClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const client = yield* TaxdocClient
  const config = yield* TaxdocConfig

  const auth = (corpNum: string, userId?: string) => ({ corpNum, scopes: [SCOPE], userId })
  const member = (operation: string, corpNum: string) => validate(operation, Schema.Struct({ corpNum: CorpNum }), { corpNum })

  // Validates a JSON body against its input schema, then posts exactly its encoding.
  const post = <B, BI, A, AI>(
    operation: string,
    path: string,
    schema: Schema.Schema<B, BI, never>,
    input: unknown,
    callAuth: "none" | ReturnType<typeof auth>,
    response: Schema.Schema<A, AI, never>
  ) =>
    Effect.flatMap(validate(operation, schema, input), (body) =>
      client.execute({ operation, method: "POST", path, body: Body.json(Schema.encodeSync(schema)(body)), auth: callAuth, response }))

  const checkIsMember = Effect.fn("Member.checkIsMember")(function*(corpNum: string) {
    const query = yield* validate("Member.checkIsMember", Schema.Struct({ CorpNum: CorpNum }), { CorpNum: corpNum })
    const result = yield* client.execute({
      operation: "Member.checkIsMember",
      method: "GET",
      path: "/Join",
      query: { CorpNum: query.CorpNum, LID: config.linkId },
      auth: "none",
      response: CheckResult
    })
    return result.code === 1
  })

  const checkId = Effect.fn("Member.checkId")(function*(id: string) {
    const query = yield* validate("Member.checkId", CheckIdQuery, { ID: id })
    const result = yield* client.execute({ operation: "Member.checkId", method: "GET", path: "/IDCheck", query: query, auth: "none", response: CheckResult })
    return result.code === 1
  })

  const join = Effect.fn("Member.join")(function*(input: JoinInput) {
    return yield* post("Member.join", "/Join", JoinMemberInput, { ...input, LinkID: input.LinkID ?? config.linkId }, "none", GenericResult)
  })

  const quit = Effect.fn("Member.quit")(function*(corpNum: string, quitReason: string, userId?: string) {
    yield* member("Member.quit", corpNum)
    const result = yield* post("Member.quit", "/QuitRequest", QuitMemberInput, { quitReason }, auth(corpNum, userId), GenericResult)
    // The member's tokens die with it (FACTS.md: good clients drop the cached token).
    yield* client.forgetMember(corpNum)
    return result
  })

  const getCorpInfo = Effect.fn("Member.getCorpInfo")(function*(corpNum: string, userId?: string) {
    yield* member("Member.getCorpInfo", corpNum)
    return yield* client.execute({ operation: "Member.getCorpInfo", method: "GET", path: "/CorpInfo", auth: auth(corpNum, userId), response: CorpInfo })
  })

  const updateCorpInfo = Effect.fn("Member.updateCorpInfo")(function*(corpNum: string, info: typeof CorpInfo.Encoded, userId?: string) {
    yield* member("Member.updateCorpInfo", corpNum)
    return yield* post("Member.updateCorpInfo", "/CorpInfo", CorpInfo, info, auth(corpNum, userId), GenericResult)
  })

  const registContact = Effect.fn("Member.registContact")(function*(corpNum: string, contact: typeof ContactInput.Encoded, userId?: string) {
    yield* member("Member.registContact", corpNum)
    return yield* post("Member.registContact", "/IDs/New", ContactInput, contact, auth(corpNum, userId), GenericResult)
  })

  const getContactInfo = Effect.fn("Member.getContactInfo")(function*(corpNum: string, contactId: string, userId?: string) {
    yield* member("Member.getContactInfo", corpNum)
    return yield* post("Member.getContactInfo", "/Contact", ContactIdInput, { id: contactId }, auth(corpNum, userId), Contact)
  })

  const listContact = Effect.fn("Member.listContact")(function*(corpNum: string, userId?: string) {
    yield* member("Member.listContact", corpNum)
    return yield* client.execute({ operation: "Member.listContact", method: "GET", path: "/IDs", auth: auth(corpNum, userId), response: ContactList })
  })

  const updateContact = Effect.fn("Member.updateContact")(function*(corpNum: string, contact: typeof UpdateContactInput.Encoded, userId?: string) {
    yield* member("Member.updateContact", corpNum)
    return yield* post("Member.updateContact", "/IDs", UpdateContactInput, contact, auth(corpNum, userId), GenericResult)
  })

  const deleteContact = Effect.fn("Member.deleteContact")(function*(corpNum: string, contactId: string, managerId: string) {
    yield* member("Member.deleteContact", corpNum)
    const input = yield* validate(
      "Member.deleteContact",
      Schema.Struct({ ...DeleteContactQuery.fields, managerId: ManagerId }),
      { ContactID: contactId, managerId }
    )
    return yield* client.execute({
      operation: "Member.deleteContact",
      method: "POST",
      path: "/Contact/Delete",
      query: { ContactID: input.ContactID },
      auth: auth(corpNum, input.managerId),
      response: GenericResult
    })
  })

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
