/** Reading JSON where the service is lenient: keys and string values in single quotes. */
import { describe, expect, it } from "@effect/vitest"
import * as LenientJson from "../../src/sandbox/routing/LenientJson.js"

describe("lenient JSON", () => {
  it("reads keys and string values in single quotes, as one client sends GetContactInfo", () => {
    expect(LenientJson.parse("{'id':'contact01'}")).toEqual({ id: "contact01" })
    expect(LenientJson.parse("{ 'id' : 'a b', 'n': 1, 'ok': true, 'none': null }")).toEqual({ id: "a b", n: 1, ok: true, none: null })
  })

  it("keeps quotes and escapes inside strings", () => {
    expect(LenientJson.parse(`{'say':'he said "hi"','it':'it\\'s','tab':'a\\tb','u':'\\uD55C'}`)).toEqual({ say: "he said \"hi\"", it: "it's", tab: "a\tb", u: "한" })
    expect(LenientJson.parse(`{"id":"it's","other":'x'}`)).toEqual({ id: "it's", other: "x" })
  })

  it("JSON reads as JSON; what is neither is refused", () => {
    expect(LenientJson.parse(`{"id": "contact01"}`)).toEqual({ id: "contact01" })
    expect(() => LenientJson.parse("{id:'x'}")).toThrow()
    expect(() => LenientJson.parse("{'id':'x'")).toThrow()
    expect(() => LenientJson.parse("{not json")).toThrow()
  })
})
