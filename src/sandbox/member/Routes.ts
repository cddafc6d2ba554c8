/**
 * The member operations (docs/service.md "Member administration"): membership and ID checks, sign-up,
 * withdrawal, company information and contacts, with real state per environment; the member's page
 * URLs hand out portal links (`PortalLinks.ts`).
 */
import * as Effect from "effect/Effect"
import * as Kst from "../../core/Kst.js"
import * as Operations from "../../domains/member/Operations.js"
import { idProblem, passwordValid } from "../../domains/member/Rules.js"
import { SandboxClock } from "../Clock.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { memberState } from "../HandlerContext.js"
import { revokeMember, tokensSlot } from "../auth/IssuedTokens.js"
import * as PortalLinks from "../documents/PortalLinks.js"
import { clearMemberPreferences } from "../Preferences.js"
import { bodyJson, type Caller, decodeLenientBody, decodeValue, implement, json, read, type Route, type RouteRequest, success } from "../routing/Route.js"
import { SandboxStore } from "../Store.js"
import * as State from "./State.js"

const text = (request: RouteRequest, ko: string, en: string): string => request.language === "en" ? en : ko

/** ID and password first, so they answer with the service's own codes rather than InvalidField. */
const checkCredentials = (id: unknown, password: unknown): Effect.Effect<void, SandboxFailure> => {
  if (typeof id === "string") {
    const problem = idProblem(id)
    if (problem !== undefined) return Effect.fail(fail(problem))
  }
  if (typeof password === "string" && !passwordValid(password)) return Effect.fail(fail("InvalidPassword"))
  return Effect.void
}

const fieldOf = (body: unknown, key: string): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>)[key] : undefined

/**
 * `body` with its password under `key`: the service matches a password's key without regard to
 * letter case, and one client sends it as `Password` beside `pwd: null` (a contact) or `PWD: null`
 * (a joining member), where the spec writes `password`. The first key, in the body's order, that is
 * `password` or `pwd` in any case and holds a value other than `null` gives it.
 */
const withPassword = (body: unknown, key: string): unknown => {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body
  const found = Object.entries(body).find(([name, value]) => /^(password|pwd)$/i.test(name) && value !== null && value !== undefined)
  if (found === undefined) return body
  const rest = Object.fromEntries(Object.entries(body).filter(([name]) => !/^(password|pwd)$/i.test(name)))
  return { ...rest, [key]: found[1] }
}

const members = (request: RouteRequest, corpNum: string) => memberState(State.membersSlot, request, corpNum)

/** The caller's member; a token outlives nothing (QuitMember revokes), so this only guards races. */
const callerMember = (request: RouteRequest, caller: Caller) =>
  Effect.flatMap(members(request, caller.corpNum), (state) => {
    const member = State.memberOf(state, caller.corpNum, caller.linkId)
    return member === undefined ? Effect.fail(fail("MemberNotRegistered")) : Effect.succeed({ state, member })
  })

const nowMillis = SandboxClock.use((clock) => clock.now)

/** The member operations. */
export const memberRoutes: ReadonlyArray<Route> = [
  read(Operations.CheckIsMember, Effect.fnUntraced(function*(request) {
    const query = yield* request.parameters
    const state = yield* members(request, query.CorpNum)
    const joined = State.memberOf(state, query.CorpNum, query.LID) !== undefined
    return json(joined
      ? { code: 1, message: text(request, "가입", "Registered") }
      : { code: 0, message: text(request, "미가입", "Not registered") })
  })),
  read(Operations.CheckID, Effect.fnUntraced(function*(request) {
    const query = yield* request.parameters
    const state = yield* members(request, "")
    return json(State.idInUse(state, query.ID)
      ? { code: 1, message: text(request, "사용중인 아이디", "The ID is in use") }
      : { code: 0, message: text(request, "사용가능한 아이디", "The ID is available") })
  })),
  implement(Operations.JoinMember, Effect.fnUntraced(function*(request) {
    const body = withPassword(yield* bodyJson(request), "Password")
    yield* checkCredentials(fieldOf(body, "ID"), fieldOf(body, "Password"))
    const input = yield* decodeValue(body, Operations.JoinMember.body.schema)
    const state = yield* members(request, input.CorpNum)
    if (state.members.has(input.CorpNum)) return yield* fail("AlreadyMember")
    if (State.idInUse(state, input.ID)) return yield* fail("IdInUse")
    State.join(state, input, yield* nowMillis)
    return success(request)
  })),
  implement(Operations.QuitMember, Effect.fnUntraced(function*(request, caller) {
    yield* request.input
    const { member, state } = yield* callerMember(request, caller)
    // Every account goes, and the number and the IDs may join again at once.
    State.quit(state, member.corpNum)
    const store = yield* SandboxStore
    revokeMember(store.get(tokensSlot, request.environment), member.corpNum)
    yield* clearMemberPreferences(request.environment, member.corpNum)
    return success(request)
  })),
  read(Operations.GetCorpInfo, (request, caller) => Effect.map(callerMember(request, caller), ({ member }) => json(member.corpInfo))),
  implement(Operations.UpdateCorpInfo, Effect.fnUntraced(function*(request, caller) {
    const input = yield* request.input
    const { member } = yield* callerMember(request, caller)
    member.corpInfo = { ceoname: input.ceoname, corpName: input.corpName, addr: input.addr, bizType: input.bizType, bizClass: input.bizClass }
    return success(request)
  })),
  implement(Operations.RegistContact, Effect.fnUntraced(function*(request, caller) {
    const body = withPassword(yield* bodyJson(request), "password")
    yield* checkCredentials(fieldOf(body, "id"), fieldOf(body, "password"))
    const input = yield* decodeValue(body, Operations.RegistContact.body.schema)
    const { member, state } = yield* callerMember(request, caller)
    if (State.idInUse(state, input.id)) return yield* fail("IdInUse")
    State.addContact(state, member, {
      id: input.id,
      password: input.password,
      personName: input.personName,
      tel: input.tel,
      email: input.email,
      regDT: Kst.toDateTime14(yield* nowMillis),
      searchRole: input.searchRole,
      mgrYN: false,
      state: 1
    })
    return success(request)
  })),
  read(Operations.GetContactInfo, Effect.fnUntraced(function*(request, caller) {
    // One client builds this body by hand with single quotes; the service reads it.
    const input = yield* decodeLenientBody(request, Operations.GetContactInfo.body.schema)
    const { member } = yield* callerMember(request, caller)
    const contact = member.contacts.get(input.id)
    if (contact === undefined) return yield* fail("ContactNotFound")
    return json(State.contactView(contact))
  })),
  read(Operations.ListContact, (request, caller) =>
    Effect.map(callerMember(request, caller), ({ member }) => json(Array.from(member.contacts.values(), State.contactView)))),
  implement(Operations.UpdateContact, Effect.fnUntraced(function*(request, caller) {
    const input = yield* request.input
    const { member } = yield* callerMember(request, caller)
    const contact = member.contacts.get(input.id)
    if (contact === undefined) return yield* fail("ContactNotFound")
    contact.personName = input.personName
    contact.tel = input.tel
    contact.email = input.email
    contact.searchRole = input.searchRole
    return success(request)
  })),
  implement(Operations.DeleteContact, Effect.fnUntraced(function*(request, caller) {
    const query = yield* request.parameters
    const { member, state } = yield* callerMember(request, caller)
    // X-SVC-UserID is required and must be the manager's.
    if (caller.userId !== member.managerId) return yield* fail("NotManager")
    const contact = member.contacts.get(query.ContactID)
    if (contact === undefined) return yield* fail("ContactNotFound")
    if (contact.mgrYN) return yield* fail("ManagerUndeletable")
    State.removeContact(state, member, contact.id)
    return success(request)
  })),
  // The member's own pages (`PortalLinks.ts`, `portal/MemberPages.ts`).
  ...Operations.PAGES.map((page) =>
    implement(Operations.pageOperations[page], (request, caller) =>
      Effect.map(PortalLinks.url(request, { _tag: "MemberPage", corpNum: caller.corpNum, page }), (url) => json({ url }))))
]
