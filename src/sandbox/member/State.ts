/**
 * Member state of one environment: members by registration number (partner, company information,
 * contacts) and the owner of every contact ID, since IDs are unique across members (CheckID).
 *
 * Functions here change the state synchronously, so each handler step is atomic (Store.ts).
 */
import * as Kst from "../../core/Kst.js"
import type { CorpInfo, JoinMemberInput } from "../../domains/member/Schemas.js"
import type { SearchRole } from "../../domains/member/Rules.js"
import { slot } from "../Store.js"

/** A contact (sub-account) as stored. */
export interface ContactRecord {
  readonly id: string
  password: string
  personName: string
  tel: string
  email: string
  readonly regDT: string
  searchRole: SearchRole
  readonly mgrYN: boolean
  readonly state: 1
}

/** Company information as stored (the wire fields of `CorpInfo`). */
export type CorpInfoRecord = { readonly [K in keyof typeof CorpInfo.Encoded]: string }

/** A member as stored. */
export interface MemberRecord {
  readonly corpNum: string
  readonly linkId: string
  readonly userCode: string
  readonly managerId: string
  corpInfo: CorpInfoRecord
  readonly contacts: Map<string, ContactRecord>
}

/** The member state of one environment. */
export interface MemberState {
  readonly members: Map<string, MemberRecord>
  /** contact ID → corpNum of its member. */
  readonly contactOwners: Map<string, string>
  nextUserCode: number
}

/** The store slot of members. */
export const membersSlot = slot<MemberState>("member", () => ({ members: new Map(), contactOwners: new Map(), nextUserCode: 1 }))

/** The member with this registration number joined through this partner, if any. */
export const memberOf = (state: MemberState, corpNum: string, linkId: string): MemberRecord | undefined => {
  const member = state.members.get(corpNum)
  return member !== undefined && member.linkId === linkId ? member : undefined
}

/** `true` when a contact ID is used by any member of the environment. */
export const idInUse = (state: MemberState, id: string): boolean => state.contactOwners.has(id)

/**
 * Adds a member and its manager contact (mgrYN true, searchRole 3, state 1, regDT = KST now).
 * The caller checks first that neither the number nor the ID is taken.
 */
export const join = (state: MemberState, input: typeof JoinMemberInput.Encoded, nowMillis: number): MemberRecord => {
  const manager: ContactRecord = {
    id: input.ID,
    password: input.Password,
    personName: input.ContactName,
    tel: input.ContactTEL,
    email: input.ContactEmail,
    regDT: Kst.toDateTime14(nowMillis),
    searchRole: 3,
    mgrYN: true,
    state: 1
  }
  const member: MemberRecord = {
    corpNum: input.CorpNum,
    linkId: input.LinkID,
    userCode: String(state.nextUserCode++).padStart(8, "0"),
    managerId: input.ID,
    corpInfo: { ceoname: input.CEOName, corpName: input.CorpName, addr: input.Addr, bizType: input.BizType, bizClass: input.BizClass },
    contacts: new Map([[manager.id, manager]])
  }
  state.members.set(member.corpNum, member)
  state.contactOwners.set(manager.id, member.corpNum)
  return member
}

/** Removes a member and frees its contact IDs (QuitMember). */
export const quit = (state: MemberState, corpNum: string): void => {
  const member = state.members.get(corpNum)
  if (member === undefined) return
  for (const id of member.contacts.keys()) state.contactOwners.delete(id)
  state.members.delete(corpNum)
}

/** Adds a contact to a member. */
export const addContact = (state: MemberState, member: MemberRecord, contact: ContactRecord): void => {
  member.contacts.set(contact.id, contact)
  state.contactOwners.set(contact.id, member.corpNum)
}

/** Removes a contact from a member. */
export const removeContact = (state: MemberState, member: MemberRecord, id: string): void => {
  member.contacts.delete(id)
  state.contactOwners.delete(id)
}

/** The wire form of a contact (no password). */
export const contactView = (contact: ContactRecord) => ({
  id: contact.id,
  personName: contact.personName,
  tel: contact.tel,
  email: contact.email,
  regDT: contact.regDT,
  searchRole: contact.searchRole,
  mgrYN: contact.mgrYN,
  state: contact.state
})
