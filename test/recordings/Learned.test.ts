/**
 * What a replay learns of the values the sandbox makes up (`recordings/internal/Learned.ts`): the
 * sandbox's word for a recorded value, place by place, the latest answer holding it deciding — so
 * two values alike in a recording that part in a replay are each sent as the latest answer said.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Learned, learn } from "../../src/recordings/internal/Learned.js"

describe("Learned", () => {
  it("learns the sandbox's word for a recorded value at the same place, in objects and arrays; not placeholders or short words", () => {
    const learned: Learned = new Map()
    learn({ itemKey: "261129000100000001", list: [{ confirmNum: "TB0000001" }], n: "ab", who: "<person-1>" }, { itemKey: "261129000059000001", list: [{ confirmNum: "TB0000007" }], n: "cd", who: "someone" }, learned)
    expect(learned.get("261129000100000001")).toBe("261129000059000001")
    expect(learned.get("TB0000001")).toBe("TB0000007")
    expect(learned.has("ab")).toBe(false)
    expect(learned.has("<person-1>")).toBe(false)
  })

  it("a recorded value the latest answer holds unchanged is sent unchanged after it, whatever an earlier answer said", () => {
    const learned: Learned = new Map()
    // An item key and, a second later in the replay, a job ID: alike in the recording, apart in the replay.
    learn({ itemKey: "261129000100000001" }, { itemKey: "261129000059000001" }, learned)
    learn({ jobID: "261129000100000001" }, { jobID: "261129000100000001" }, learned)
    expect(learned.get("261129000100000001")).toBe("261129000100000001")
  })
})
