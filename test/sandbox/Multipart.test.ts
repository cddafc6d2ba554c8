import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import * as fc from "fast-check"
import * as Multipart from "../../src/sandbox/routing/Multipart.js"

const utf8 = (text: string) => new TextEncoder().encode(text)
const read = (contentType: string, body: string) => Effect.runSync(Effect.result(Multipart.readUpload(contentType, utf8(body))))

describe("multipart reader", () => {
  it("reads LF-only line breaks and an RFC 5987 file name", () => {
    const upload = read("multipart/form-data; boundary=xyz", "--xyz\nContent-Disposition: form-data; name=\"Filedata\"; filename*=UTF-8''%EA%B2%AC%EC%A0%81.pdf\n\nbody\n--xyz--")
    expect(Result.getOrThrow(upload)).toEqual({ fileName: "견적.pdf", content: utf8("body") })
  })

  it("takes the first part with a file name when none is called Filedata, and keeps an empty file", () => {
    const upload = read("Multipart/Form-Data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\n\r\n--b--\r\n")
    expect(Result.getOrThrow(upload)).toEqual({ fileName: "a.txt", content: new Uint8Array(0) })
  })

  it("refuses what is not an upload, saying why", () => {
    const messages = [
      read("application/json", "{}"),
      read("multipart/form-data", "--b--"),
      read("multipart/form-data; boundary=b", "no delimiter here"),
      read("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"form\"\r\n\r\n{}\r\n--b--")
    ].map((r) => (Result.isFailure(r) ? r.failure.detail : "accepted"))
    expect(messages).toEqual([
      "expected Content-Type multipart/form-data with a boundary",
      "expected Content-Type multipart/form-data with a boundary",
      "the multipart body holds no part delimited by the boundary",
      "no file part (Filedata) in the multipart body"
    ])
  })
})

describe("multipart reader bounds", () => {
  it("refuses a boundary longer than 70 characters before searching the body", () => {
    const boundary = `${"-".repeat(15_999)}x`
    const body = "-".repeat(100_000)
    const refused = read(`multipart/form-data; boundary=${boundary}`, body)
    expect(Result.isFailure(refused) ? refused.failure.detail : "accepted").toBe("the multipart boundary is longer than 70 characters (RFC 2046)")
    const longest = "b".repeat(Multipart.MAX_BOUNDARY_LENGTH)
    const accepted = read(`multipart/form-data; boundary=${longest}`, `--${longest}\r\nContent-Disposition: form-data; name="Filedata"; filename="a.txt"\r\n\r\nA\r\n--${longest}--`)
    expect(Result.getOrThrow(accepted)).toEqual({ fileName: "a.txt", content: utf8("A") })
  })

  it("refuses a body of more parts than the clients ever send", () => {
    const part = (i: number) => `--b\r\nContent-Disposition: form-data; name="p${i}"; filename="${i}.txt"\r\n\r\n${i}\r\n`
    const many = Array.from({ length: Multipart.MAX_PARTS + 1 }, (_, i) => part(i)).join("") + "--b--"
    const refused = read("multipart/form-data; boundary=b", many)
    expect(Result.isFailure(refused) ? refused.failure.detail : "accepted").toBe(`the multipart body holds more than ${Multipart.MAX_PARTS} parts`)
    const enough = Array.from({ length: Multipart.MAX_PARTS }, (_, i) => part(i)).join("") + "--b--"
    expect(Result.isSuccess(read("multipart/form-data; boundary=b", enough))).toBe(true)
  })

  it("takes a part's headers only from the first 8 KiB of the part", () => {
    const longHeader = `X-Padding: ${"p".repeat(Multipart.MAX_PART_HEADER_BYTES)}`
    const refused = read("multipart/form-data; boundary=b", `--b\r\n${longHeader}\r\nContent-Disposition: form-data; name="Filedata"; filename="a.txt"\r\n\r\nA\r\n--b--`)
    expect(Result.isFailure(refused) ? refused.failure.detail : "accepted").toBe("no file part (Filedata) in the multipart body")
  })

  it("answers any body, however near it comes to the boundary, with an upload or a refusal naming why", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[-A-Za-z0-9_]{1,70}$/),
        fc.array(fc.oneof(fc.constantFrom("-", "--", "\r\n", "\n", "\r\n\r\n", "Content-Disposition: form-data; name=\"Filedata\"; filename=\"f\"\r\n\r\n"), fc.string({ maxLength: 8 })), { maxLength: 60 }),
        fc.boolean(),
        (boundary, pieces, withBoundaryPieces) => {
          const near = withBoundaryPieces ? pieces.flatMap((p, i) => (i % 3 === 0 ? [`--${boundary.slice(0, i % boundary.length)}`, p] : [p])) : pieces
          const outcome = read(`multipart/form-data; boundary="${boundary}"`, near.join(""))
          if (Result.isFailure(outcome)) expect(outcome.failure.entry.code).toBe(-10000001)
          else expect(outcome.success.content).toBeInstanceOf(Uint8Array)
        }
      ),
      { numRuns: 300 }
    )
  })
})
