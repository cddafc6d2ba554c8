/**
 * Members present from the start (layer option `members`, admin `POST /_sandbox/members`), so a
 * test can obtain a token without signing up first. A seed is a JoinMember body with sample values
 * for what it leaves out, validated by the same schema.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { JoinMemberInput } from "../../domains/member/Schemas.js"
import { SandboxClock } from "../Clock.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { memberState } from "../HandlerContext.js"
import { decodeValue } from "../routing/Route.js"
import { type Environment, SandboxStore } from "../Store.js"
import { type CorpInfoRecord, idInUse, join, membersSlot } from "./State.js"

/**
 * A member to create; omitted fields get sample values.
 *
 * @since 0.1.0
 * @category models
 */
export interface MemberSeed {
  readonly corpNum: string
  /** Default `TESTER`. */
  readonly linkId?: string
  /** Default `["test"]`. */
  readonly environments?: ReadonlyArray<Environment>
  /** Manager ID, default `user<corpNum>`. */
  readonly managerId?: string
  /** Manager password, default `sandbox1!`. */
  readonly password?: string
  readonly corpInfo?: Partial<CorpInfoRecord>
}

/**
 * The JoinMember body a seed stands for.
 *
 * @since 0.1.0
 * @category constructors
 */
export const seedInput = (seed: MemberSeed): typeof JoinMemberInput.Encoded => ({
  ID: seed.managerId ?? `user${seed.corpNum}`,
  Password: seed.password ?? "sandbox1!",
  LinkID: seed.linkId ?? "TESTER",
  CorpNum: seed.corpNum,
  CEOName: seed.corpInfo?.ceoname ?? "홍길동",
  CorpName: seed.corpInfo?.corpName ?? `샌드박스 상사 ${seed.corpNum}`,
  Addr: seed.corpInfo?.addr ?? "서울특별시 중구 세종대로 110",
  BizType: seed.corpInfo?.bizType ?? "서비스",
  BizClass: seed.corpInfo?.bizClass ?? "소프트웨어",
  ContactName: "담당자",
  ContactEmail: `user${seed.corpNum}@example.com`,
  ContactTEL: "02-1234-5678"
})

/**
 * Adds a seeded member to each of its environments, as JoinMember would.
 *
 * @since 0.1.0
 * @category combinators
 */
export const addMember = Effect.fnUntraced(function*(seed: MemberSeed): Effect.fn.Return<void, SandboxFailure, SandboxStore | SandboxClock> {
  const input = yield* decodeValue(seedInput(seed), JoinMemberInput)
  const store = yield* SandboxStore
  const now = yield* SandboxClock.use((clock) => clock.now)
  const environments = seed.environments ?? ["test"]
  for (const environment of environments) {
    const state = store.get(membersSlot, environment)
    if (state.members.has(input.CorpNum)) return yield* fail("AlreadyMember", `${environment} ${input.CorpNum}`)
    if (idInUse(state, input.ID)) return yield* fail("IdInUse", `${environment} ${input.ID}`)
  }
  for (const environment of environments) join(yield* memberState(membersSlot, { environment, writes: true }, input.CorpNum), input, now)
})
