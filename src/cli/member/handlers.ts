/**
 * What the `taxdoc member …` commands do (their options: ./command.ts).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { type JoinInput, Member } from "../../domains/member/Member.js"
import { CheckID, CheckIsMember, JoinMember, pageOperations } from "../../domains/member/Operations.js"
import type { Contact, ContactInput, CorpInfo, UpdateContactInput } from "../../domains/member/Schemas.js"
import { fromFile } from "../errors.js"
import { readJsonObject } from "../input.js"
import type { Parsed } from "../lazy.js"
import { emit, fields, result, table } from "../output.js"
import * as Target from "../target.js"
import type {
  addContactOptions,
  checkIdOptions,
  checkOptions,
  contactOptions,
  deleteContactOptions,
  joinOptions,
  memberOptions,
  quitOptions,
  updateContactOptions,
  updateCorpInfoOptions,
  urlOptions
} from "./options.js"

// The SDK validates every field of a file's content before anything is sent; the casts only
// name the shape it will check.
const uid = (o: { readonly userId: Option.Option<string> }) => Option.getOrUndefined(o.userId)

/**
 * `taxdoc member check`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const check = (o: Parsed<typeof checkOptions>) =>
  Effect.gen(function*() {
    const isMember = yield* Effect.flatMap(Member, (m) => m.checkIsMember(o.corpNum))
    yield* emit(o.json, { corpNum: o.corpNum, member: isMember }, () => `${o.corpNum}: ${isMember ? "a member" : "not a member"}`)
  }).pipe(Target.run(o, "Member.checkIsMember", [], { tokenless: Target.tokenless(CheckIsMember) }))

/**
 * `taxdoc member check-id`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const checkId = (o: Parsed<typeof checkIdOptions>) =>
  Effect.gen(function*() {
    const inUse = yield* Effect.flatMap(Member, (m) => m.checkId(o.id))
    yield* emit(o.json, { id: o.id, inUse }, () => `${o.id}: ${inUse ? "in use" : "free"}`)
  }).pipe(Target.run(o, "Member.checkId", [], { tokenless: Target.tokenless(CheckID) }))

/**
 * `taxdoc member join`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const join = (o: Parsed<typeof joinOptions>) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const member = yield* Member
    const answer = yield* member.join(value as JoinInput).pipe(fromFile(source))
    yield* result(o.json, answer, `signed up ${String(value["CorpNum"])}`)
  }).pipe(Target.run(o, "Member.join", [], { tokenless: Target.tokenless(JoinMember) }))

/**
 * `taxdoc member quit`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const quit = (o: Parsed<typeof quitOptions>) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Member, (m) => m.quit(o.corpNum, o.reason, uid(o)))
    yield* result(o.json, answer, `${o.corpNum} has left; every account was deleted`)
  }).pipe(Target.run(o, "Member.quit", [o.corpNum]))

/**
 * `taxdoc member corp-info`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const corpInfo = (o: Parsed<typeof memberOptions>) =>
  Effect.gen(function*() {
    const info = yield* Effect.flatMap(Member, (m) => m.getCorpInfo(o.corpNum, uid(o)))
    yield* emit(o.json, info, () => fields(info))
  }).pipe(Target.run(o, "Member.getCorpInfo", [o.corpNum]))

/**
 * `taxdoc member update-corp-info`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const updateCorpInfo = (o: Parsed<typeof updateCorpInfoOptions>) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const member = yield* Member
    const answer = yield* member.updateCorpInfo(o.corpNum, value as typeof CorpInfo.Encoded, uid(o)).pipe(fromFile(source))
    yield* result(o.json, answer, `updated the company information of ${o.corpNum}`)
  }).pipe(Target.run(o, "Member.updateCorpInfo", [o.corpNum]))

const contactColumns = [
  { header: "id", value: (c: Contact) => c.id },
  { header: "name", value: (c: Contact) => c.personName },
  { header: "tel", value: (c: Contact) => c.tel },
  { header: "email", value: (c: Contact) => c.email },
  { header: "role", value: (c: Contact) => c.searchRole, align: "right" as const },
  { header: "manager", value: (c: Contact) => (c.mgrYN ? "yes" : "no") },
  { header: "state", value: (c: Contact) => c.state, align: "right" as const },
  { header: "created", value: (c: Contact) => c.regDT }
]

/**
 * `taxdoc member contacts`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const contacts = (o: Parsed<typeof memberOptions>) =>
  Effect.gen(function*() {
    const list = yield* Effect.flatMap(Member, (m) => m.listContact(o.corpNum, uid(o)))
    yield* emit(o.json, list, () => table(list, contactColumns))
  }).pipe(Target.run(o, "Member.listContact", [o.corpNum]))

/**
 * `taxdoc member contact`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const contact = (o: Parsed<typeof contactOptions>) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Member, (m) => m.getContactInfo(o.corpNum, o.contactId, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Member.getContactInfo", [o.corpNum]))

/**
 * `taxdoc member add-contact`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const addContact = (o: Parsed<typeof addContactOptions>) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const member = yield* Member
    const answer = yield* member.registContact(o.corpNum, value as typeof ContactInput.Encoded, uid(o)).pipe(fromFile(source))
    yield* result(o.json, answer, `added contact ${String(value["id"])}`)
  }).pipe(Target.run(o, "Member.registContact", [o.corpNum]))

/**
 * `taxdoc member update-contact`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const updateContact = (o: Parsed<typeof updateContactOptions>) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const member = yield* Member
    const answer = yield* member.updateContact(o.corpNum, value as typeof UpdateContactInput.Encoded, uid(o)).pipe(fromFile(source))
    yield* result(o.json, answer, `updated contact ${String(value["id"])}`)
  }).pipe(Target.run(o, "Member.updateContact", [o.corpNum]))

/**
 * `taxdoc member delete-contact`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const deleteContact = (o: Parsed<typeof deleteContactOptions>) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Member, (m) => m.deleteContact(o.corpNum, o.contactId, o.managerId))
    yield* result(o.json, answer, `deleted contact ${o.contactId}`)
  }).pipe(Target.run(o, "Member.deleteContact", [o.corpNum]))

/**
 * `taxdoc member url`: a page of the member's own (GetAccessURL, GetChargeURL, GetPaymentURL,
 * GetUseHistoryURL), valid for 30 seconds.
 *
 * @since 1.1.0
 * @category handlers
 */
export const url = (o: Parsed<typeof urlOptions>) =>
  Effect.gen(function*() {
    const member = yield* Member
    const get = {
      LOGIN: member.getAccessURL,
      CHRG: member.getChargeURL,
      PAYMENT: member.getPaymentURL,
      USEHISTORY: member.getUseHistoryURL
    }[o.page]
    const address = yield* get(o.corpNum, uid(o))
    yield* emit(o.json, { page: o.page, url: address, validForSeconds: 30 }, () => `${address}\n(valid for 30 seconds)`)
  }).pipe(Target.run(o, pageOperations[o.page].sdk, [o.corpNum]))
