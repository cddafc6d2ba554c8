import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import * as Multipart from "../../src/sandbox/Multipart.js"

const utf8 = (text: string) => new TextEncoder().encode(text)
const read = (contentType: string, body: string) => Effect.runSync(Effect.either(Multipart.readUpload(contentType, utf8(body))))

describe("multipart reader", () => {
  it("reads LF-only line breaks and an RFC 5987 file name", () => {
    const upload = read("multipart/form-data; boundary=xyz", "--xyz\nContent-Disposition: form-data; name=\"Filedata\"; filename*=UTF-8''%EA%B2%AC%EC%A0%81.pdf\n\nbody\n--xyz--")
    expect(Either.getOrThrow(upload)).toEqual({ fileName: "견적.pdf", content: utf8("body") })
  })

  it("takes the first part with a file name when none is called Filedata, and keeps an empty file", () => {
    const upload = read("Multipart/Form-Data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\n\r\n--b--\r\n")
    expect(Either.getOrThrow(upload)).toEqual({ fileName: "a.txt", content: new Uint8Array(0) })
  })

  it("refuses what is not an upload, saying why", () => {
    const messages = [
      read("application/json", "{}"),
      read("multipart/form-data", "--b--"),
      read("multipart/form-data; boundary=b", "no delimiter here"),
      read("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"form\"\r\n\r\n{}\r\n--b--")
    ].map((r) => (Either.isLeft(r) ? r.left.detail : "accepted"))
    expect(messages).toEqual([
      "expected Content-Type multipart/form-data with a boundary",
      "expected Content-Type multipart/form-data with a boundary",
      "the multipart body holds no part delimited by the boundary",
      "no file part (Filedata) in the multipart body"
    ])
  })
})
