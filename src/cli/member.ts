/**
 * `taxdoc member …`: membership checks, sign-up, withdrawal, company information and contacts
 * (SPEC.md "Authentication and member").
 *
 * @since 0.1.0
 */
import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { type JoinInput, Member } from "../domains/member/Member.js"
import type { Contact, ContactInput, CorpInfo, UpdateContactInput } from "../domains/member/Schemas.js"
import { fromFile } from "./errors.js"
import { readJsonObject } from "./input.js"
import { corpNum, file, json, userId } from "./options.js"
import { emit, fields, result, table } from "./output.js"
import * as Target from "./target.js"

// The SDK validates every field of a file's content before anything is sent; the casts only
// name the shape it will check.
const uid = (o: { readonly userId: Option.Option<string> }) => Option.getOrUndefined(o.userId)

const withMember = { ...Target.options, corpNum, userId, json }

const check = Command.make("check", { ...Target.options, corpNum, json }, (o) =>
  Effect.gen(function*() {
    const isMember = yield* Effect.flatMap(Member, (m) => m.checkIsMember(o.corpNum))
    yield* emit(o.json, { corpNum: o.corpNum, member: isMember }, () => `${o.corpNum}: ${isMember ? "a member" : "not a member"}`)
  }).pipe(Target.run(o, "Member.checkIsMember"))).pipe(
    Command.withDescription("Is the business a member of the partner? (CheckIsMember; no token needed)")
  )

const checkId = Command.make("check-id", {
  ...Target.options,
  json,
  id: Args.text({ name: "id" }).pipe(Args.withDescription("The account ID to look up. Example: user1234"))
}, (o) =>
  Effect.gen(function*() {
    const inUse = yield* Effect.flatMap(Member, (m) => m.checkId(o.id))
    yield* emit(o.json, { id: o.id, inUse }, () => `${o.id}: ${inUse ? "in use" : "free"}`)
  }).pipe(Target.run(o, "Member.checkId"))).pipe(
    Command.withDescription("Is an account ID already in use? (CheckID; no token needed)")
  )

const join = Command.make("join", {
  ...Target.options,
  json,
  file: file("JoinMember input: ID, Password, CorpNum, CEOName, CorpName, Addr, BizType, BizClass, ContactName, ContactEmail, ContactTEL (LinkID defaults to the partner)", "join.json")
}, (o) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const member = yield* Member
    const answer = yield* member.join(value as JoinInput).pipe(fromFile(source))
    yield* result(o.json, answer, `signed up ${String(value["CorpNum"])}`)
  }).pipe(Target.run(o, "Member.join"))).pipe(
    Command.withDescription("Sign a business up as a member of the partner (JoinMember)")
  )

const quit = Command.make("quit", {
  ...withMember,
  reason: Options.text("reason").pipe(Options.withPseudoName("TEXT"), Options.withDescription("Why the member leaves (at most 200 characters). Example: --reason \"closing the business\""))
}, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Member, (m) => m.quit(o.corpNum, o.reason, uid(o)))
    yield* result(o.json, answer, `${o.corpNum} has left; every account was deleted`)
  }).pipe(Target.run(o, "Member.quit", [o.corpNum]))).pipe(
    Command.withDescription("Withdraw the member: every account, the manager's included, is deleted (QuitMember)")
  )

const corpInfo = Command.make("corp-info", withMember, (o) =>
  Effect.gen(function*() {
    const info = yield* Effect.flatMap(Member, (m) => m.getCorpInfo(o.corpNum, uid(o)))
    yield* emit(o.json, info, () => fields(info))
  }).pipe(Target.run(o, "Member.getCorpInfo", [o.corpNum]))).pipe(
    Command.withDescription("Show the member's company information (GetCorpInfo)")
  )

const updateCorpInfo = Command.make("update-corp-info", {
  ...withMember,
  file: file("Company information: ceoname, corpName, addr, bizType, bizClass (all required)", "corp.json")
}, (o) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const member = yield* Member
    const answer = yield* member.updateCorpInfo(o.corpNum, value as typeof CorpInfo.Encoded, uid(o)).pipe(fromFile(source))
    yield* result(o.json, answer, `updated the company information of ${o.corpNum}`)
  }).pipe(Target.run(o, "Member.updateCorpInfo", [o.corpNum]))).pipe(
    Command.withDescription("Replace the member's company information (UpdateCorpInfo)")
  )

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

const contacts = Command.make("contacts", withMember, (o) =>
  Effect.gen(function*() {
    const list = yield* Effect.flatMap(Member, (m) => m.listContact(o.corpNum, uid(o)))
    yield* emit(o.json, list, () => table(list, contactColumns))
  }).pipe(Target.run(o, "Member.listContact", [o.corpNum]))).pipe(
    Command.withDescription("List the member's contacts (ListContact; role 1 user, 2 read-only, 3 company)")
  )

const contactId = Args.text({ name: "contact-id" }).pipe(Args.withDescription("A contact's account ID. Example: clerk01"))

const contact = Command.make("contact", { ...withMember, contactId }, (o) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Member, (m) => m.getContactInfo(o.corpNum, o.contactId, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Member.getContactInfo", [o.corpNum]))).pipe(
    Command.withDescription("Show one contact of the member (GetContactInfo)")
  )

const addContact = Command.make("add-contact", {
  ...withMember,
  file: file("The contact: id, password, personName, tel, email, searchRole (1, 2 or 3; default 3)", "contact.json")
}, (o) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const member = yield* Member
    const answer = yield* member.registContact(o.corpNum, value as typeof ContactInput.Encoded, uid(o)).pipe(fromFile(source))
    yield* result(o.json, answer, `added contact ${String(value["id"])}`)
  }).pipe(Target.run(o, "Member.registContact", [o.corpNum]))).pipe(
    Command.withDescription("Add a contact (sub-account) to the member (RegistContact)")
  )

const updateContact = Command.make("update-contact", {
  ...withMember,
  file: file("The contact's new details: id, personName, tel, email, searchRole (default 3)", "contact.json")
}, (o) =>
  Effect.gen(function*() {
    const { source, value } = yield* readJsonObject(o.file)
    const member = yield* Member
    const answer = yield* member.updateContact(o.corpNum, value as typeof UpdateContactInput.Encoded, uid(o)).pipe(fromFile(source))
    yield* result(o.json, answer, `updated contact ${String(value["id"])}`)
  }).pipe(Target.run(o, "Member.updateContact", [o.corpNum]))).pipe(
    Command.withDescription("Change a contact's name, phone, e-mail and role (UpdateContact)")
  )

const deleteContact = Command.make("delete-contact", {
  ...Target.options,
  corpNum,
  json,
  contactId,
  managerId: Options.text("manager-id").pipe(
    Options.withPseudoName("ID"),
    Options.withDescription("The member's manager account (sent as X-SVC-UserID; only the manager may delete). Example: --manager-id user1234567891")
  )
}, (o) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Member, (m) => m.deleteContact(o.corpNum, o.contactId, o.managerId))
    yield* result(o.json, answer, `deleted contact ${o.contactId}`)
  }).pipe(Target.run(o, "Member.deleteContact", [o.corpNum]))).pipe(
    Command.withDescription("Delete a contact; the manager account cannot be deleted (DeleteContact)")
  )

/**
 * `taxdoc member`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("member").pipe(
  Command.withDescription("Member administration: membership, sign-up, withdrawal, company information, contacts"),
  Command.withSubcommands([check, checkId, join, quit, corpInfo, updateCorpInfo, contacts, contact, addContact, updateContact, deleteContact])
)
