/**
 * The stored form of members (`State.membersCodec`), as a durable sandbox writes it: one row per
 * member (company information and contacts); the owners of contact IDs are rebuilt on load. A data
 * directory written by an earlier taxdoc holds these rows, so their shape is fixed here.
 */
import { describe, expect, it } from "@effect/vitest"
import { seedInput } from "../../../src/sandbox/member/Seed.js"
import { membersCodec } from "../../../src/sandbox/member/Persisted.js"
import * as Members from "../../../src/sandbox/member/State.js"

const MEMBER = "1234567891"
// 2026-11-22 10:00 KST
const NOW = Date.UTC(2026, 10, 22, 1, 0, 0)

const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe("members as a durable sandbox stores them", () => {
  it("one row per member with its contacts; the owners of contact IDs and the next user code come back on load", () => {
    const state = Members.membersSlot.empty()
    const member = Members.join(state, seedInput({ corpNum: MEMBER }), NOW)
    Members.addContact(state, member, {
      id: "clerk01",
      password: "clerkpw1#",
      personName: "직원",
      tel: "010-1111-2222",
      email: "clerk@example.com",
      regDT: "20261122100000",
      searchRole: 1,
      mgrYN: false,
      state: 1
    })
    const rows = new Map(Array.from(membersCodec.rows(state, MEMBER), ([key, value]) => [key, asStored(value)] as const))
    expect(rows.get("member")).toEqual({
      corpNum: MEMBER,
      linkId: "TESTER",
      userCode: "00000001",
      managerId: `user${MEMBER}`,
      corpInfo: { ceoname: "홍길동", corpName: `샌드박스 상사 ${MEMBER}`, addr: "서울특별시 중구 세종대로 110", bizType: "서비스", bizClass: "소프트웨어" },
      contacts: [
        {
          id: `user${MEMBER}`,
          password: "sandbox1!",
          personName: "담당자",
          tel: "02-1234-5678",
          email: `user${MEMBER}@example.com`,
          regDT: "20261122100000",
          searchRole: 3,
          mgrYN: true,
          state: 1
        },
        { id: "clerk01", password: "clerkpw1#", personName: "직원", tel: "010-1111-2222", email: "clerk@example.com", regDT: "20261122100000", searchRole: 1, mgrYN: false, state: 1 }
      ]
    })
    expect(membersCodec.globals(state)).toEqual({ nextUserCode: 2 })
    const loaded = membersCodec.load("test", new Map([[MEMBER, rows]]), { nextUserCode: 2 })
    expect(Members.idInUse(loaded, "clerk01")).toBe(true)
    expect(Members.memberOf(loaded, MEMBER, "TESTER")?.contacts.get("clerk01")?.searchRole).toBe(1)
    expect(loaded.nextUserCode).toBe(2)
  })
})
