/**
 * The Member service's implementation, loaded on its first call (see `Member.make`).
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { TaxdocClient } from "../../../core/Client.js"
import type { TaxdocConfig } from "../../../core/Config.js"
import { validate } from "../../../core/Validation.js"
import * as Trace from "../../../core/Trace.js"
import * as Operations from "../Operations.js"
import type { ContactInput, CorpInfo, UpdateContactInput } from "../Schemas.js"
import type { Service, JoinInput } from "../Service.js"

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
export const make = (client: Context.Tag.Service<TaxdocClient>, config: Context.Tag.Service<TaxdocConfig>): Service => {
  const checkIsMember = Trace.fn("Member.checkIsMember", (corpNum: string) =>
    Effect.map(client.call(Operations.CheckIsMember, { params: { CorpNum: corpNum, LID: config.linkId } }), (result) => result.code === 1))

  const checkId = Trace.fn("Member.checkId", (id: string) =>
    Effect.map(client.call(Operations.CheckID, { params: { ID: id } }), (result) => result.code === 1))

  const join = (input: JoinInput) =>
    client.call(Operations.JoinMember, { body: { ...input, LinkID: input.LinkID ?? config.linkId } })

  const quit = Trace.fn("Member.quit", Effect.fnUntraced(function*(corpNum: string, quitReason: string, userId?: string) {
    const result = yield* client.call(Operations.QuitMember, { corpNum, userId, body: { quitReason } })
    // The member's tokens die with it (as good clients drop the cached token).
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

  return {
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
  }
}
