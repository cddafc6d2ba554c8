/**
 * How members are kept by a durable sandbox (`Durable.ts`): one row per member (its company
 * information and contacts); the owners of contact IDs are rebuilt from the contacts.
 */
import { codec } from "../durable/Durable.js"
import { type ContactRecord, type MemberRecord, type MemberState, membersSlot } from "./State.js"

/** The codec of members. */
export const membersCodec = codec({
  slot: membersSlot,
  parts: (state) => state.members.keys(),
  rows: (state, corpNum) => {
    const member = state.members.get(corpNum)
    return member === undefined ? [] : [["member", { ...member, contacts: [...member.contacts.values()] }]]
  },
  globals: (state) => ({ nextUserCode: state.nextUserCode }),
  load: (_environment, parts, globals): MemberState => {
    const state: MemberState = { members: new Map(), contactOwners: new Map(), nextUserCode: (globals as { readonly nextUserCode?: number } | undefined)?.nextUserCode ?? 1 }
    for (const rows of parts.values()) {
      const row = rows.get("member") as (Omit<MemberRecord, "contacts"> & { readonly contacts: ReadonlyArray<ContactRecord> }) | undefined
      if (row === undefined) continue
      const member: MemberRecord = { ...row, contacts: new Map(row.contacts.map((c) => [c.id, { ...c }])) }
      state.members.set(member.corpNum, member)
      for (const id of member.contacts.keys()) state.contactOwners.set(id, member.corpNum)
    }
    return state
  }
})
