/**
 * Properties across SDK and sandbox for e-Tax invoices: every generated valid draft is saved
 * through the SDK; each single-rule mutation is refused by the SDK with a ValidationError at the
 * field and — sent raw, past the SDK — by the sandbox with `{code, message}`. Multipart: any
 * boundary, UTF-8 file names, with or without the `form` part, extra CRLFs, lower-case part headers
 * — the file arrives byte for byte.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Result, Schema } from "effect"
import { HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as Kst from "../../src/core/Kst.js"
import * as Signing from "../../src/core/Signing.js"
import { Taxinvoice } from "../../src/domains/taxinvoice/Taxinvoice.js"
import * as Multipart from "../../src/sandbox/routing/Multipart.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { SandboxStore } from "../../src/sandbox/Store.js"
import * as State from "../../src/sandbox/taxinvoice/State.js"
import * as Testing from "../../src/testing/index.js"
import { mutations } from "../domains/taxinvoice/mutations.js"
import { CORP, fresh, NOW, pathsAndRules, pick, sendRaw } from "./support.js"

/** Sends bytes straight to the sandbox with a valid 110 token, no SDK validation. */
const postRaw = (path: string, contentType: string, body: Uint8Array) =>
  sendRaw(path, ["110"], (request) => HttpClientRequest.bodyUint8Array(request, body, contentType))

const drafts = Testing.toArbitrary(Testing.taxinvoice({ corpNum: CORP, now: NOW }))

describe("e-Tax invoice drafts: SDK and sandbox agree on validity", () => {
  it.effect.prop("every valid generated draft is saved through the SDK and reads back as sent", [drafts], ([draft]) =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const ti = yield* Taxinvoice
      expect((yield* ti.register(CORP, draft)).code).toBe(1)
      const detail = yield* ti.getDetailInfo(CORP, "SELL", draft.invoicerMgtKey)
      // A draft without a buyer type is a business's (사업자), and reads back so.
      expect([detail.totalAmount, detail.invoiceeCorpNum, detail.invoiceeType]).toEqual([draft.totalAmount, draft.invoiceeCorpNum, draft.invoiceeType ?? "사업자"])
    }).pipe(Effect.provide(fresh())), { arbitrary: { runs: 40 } })

  // The service ignores fields it does not know; only the SDK refuses them (to catch typos).
  const sandboxMutations = mutations.filter(([, , , rule]) => rule !== "unknownField")

  it.effect.prop(
    "each single-rule mutation: ValidationError at the field from the SDK, {code, message} from the sandbox",
    [drafts, pick(sandboxMutations)],
    ([draft, [name, mutate, path, rule]]) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const broken = mutate(draft)
        const ti = yield* Taxinvoice
        const error = yield* Effect.flip(ti.register(CORP, broken as typeof draft))
        expect(error._tag, name).toBe("ValidationError")
        expect(pathsAndRules(error), name).toContainEqual([path, rule])
        const raw = yield* postRaw("/Taxinvoice", "application/json", Signing.utf8(JSON.stringify(broken)))
        expect(raw.status, name).toBe(400)
        expect(raw.body, name).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
        expect((raw.body as { code: number }).code, name).toBeLessThan(0)
      }).pipe(Effect.provide(fresh())),
    { arbitrary: { runs: 60 } }
  )
})

const text = (pattern: RegExp) => Arbitrary.schema(Schema.String.check(Schema.isPattern(pattern)))
const flag = Arbitrary.schema(Schema.Boolean)
const boundaryChars = text(/^[A-Za-z0-9'()+_,.\/:=?-]{1,60}$/)
const utf8Name = Arbitrary.filter(text(/^[가나다라견적서보고서계약 abcXYZ012._\-()[\]]{1,30}$/), (s) => s.trim() !== "" && s !== "." && s !== "..")

const upload = Arbitrary.all({
  // The Python client's boundary begins and ends with dashes of its own.
  boundary: Arbitrary.flatMap(flag, (python) => (python ? Arbitrary.Constant("--POPBILL_PYTHON--") : boundaryChars)),
  fileName: utf8Name,
  directory: pick(["", "C:\\Users\\me\\", "/tmp/dir/"]),
  displayName: Arbitrary.flatMap(flag, (present) => (present ? utf8Name : Arbitrary.Constant(undefined))),
  formFirst: flag,
  withForm: flag,
  lowerCase: flag,
  trailingSemicolon: flag,
  leadingCrlf: flag,
  trailingCrlfs: pick([0, 1, 2, 3]),
  quotedBoundary: flag,
  charsetFirst: flag,
  /** A line break before every delimiter, the first included (the Python client). */
  breakBeforeEachPart: flag,
  lfOnly: flag,
  content: Arbitrary.schema(Schema.Uint8Array.check(Schema.isMaxLength(600))),
  // File bytes that hold the boundary text (not at the start of a line) must not cut the file.
  boundaryInside: flag
}).pipe(
  // With LF line breaks, a file ending in CR cannot be told from a CRLF before the delimiter.
  Arbitrary.filter((u) => !(u.lfOnly && u.content.at(-1) === 0x0d))
)

type Upload = typeof upload extends Arbitrary.Arbitrary<infer A> ? A : never

const contentOf = (u: Upload): Uint8Array =>
  u.boundaryInside ? Uint8Array.from([...Signing.utf8(`x--${u.boundary}--x`), ...u.content]) : u.content

const encode = (u: Upload): { contentType: string; body: Uint8Array } => {
  const h = (name: string) => (u.lowerCase ? name.toLowerCase() : name)
  const nl = u.lfOnly ? "\n" : "\r\n"
  const delimiter = `${u.breakBeforeEachPart ? nl : ""}--${u.boundary}`
  const parts: Array<string | Uint8Array> = []
  const form = `${delimiter}${nl}${h("Content-Disposition")}: form-data; name="form"${nl}${nl}${JSON.stringify(u.displayName === undefined ? {} : { DisplayName: u.displayName })}${u.breakBeforeEachPart ? "" : nl}`
  if (u.leadingCrlf) parts.push(nl)
  if (u.withForm && u.formFirst) parts.push(form)
  parts.push(
    `${delimiter}${nl}${h("Content-Disposition")}: form-data; name="Filedata"; filename="${u.directory}${u.fileName}"${u.trailingSemicolon ? ";" : ""}${nl}${h("Content-Type")}: Application/octet-stream${nl}${nl}`,
    contentOf(u),
    u.breakBeforeEachPart ? "" : nl
  )
  if (u.withForm && !u.formFirst) parts.push(form)
  parts.push(`${delimiter}--${nl.repeat(u.trailingCrlfs)}`)
  const chunks = parts.map((p) => (typeof p === "string" ? Signing.utf8(p) : p))
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    body.set(c, at)
    at += c.length
  }
  const boundary = u.quotedBoundary ? `"${u.boundary}"` : u.boundary
  const contentType = u.charsetFirst ? `multipart/form-data;charset=utf-8; boundary=${boundary}` : `multipart/form-data; boundary=${boundary}`
  return { contentType, body }
}

describe("multipart AttachFile as any client writes it", () => {
  it.prop("the reader gets the file byte for byte, its base name and the display name", [upload], ([u]) => {
    const { body, contentType } = encode(u)
    const read = Effect.runSync(Effect.result(Multipart.readUpload(contentType, body)))
    expect(Result.isSuccess(read)).toBe(true)
    if (Result.isFailure(read)) return
    expect(read.success.fileName).toBe(u.fileName)
    expect(read.success.displayName).toBe(u.withForm ? u.displayName : undefined)
    expect([...read.success.content]).toEqual([...contentOf(u)])
  }, { arbitrary: { runs: 200, size: 60 } })

  it.effect.prop("the sandbox stores the file byte for byte", [upload], ([u]) =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const ti = yield* Taxinvoice
      yield* ti.register(CORP, {
        issueType: "정발행", taxType: "과세", chargeDirection: "정과금", writeDate: Kst.toDate8(NOW), purposeType: "영수",
        supplyCostTotal: "1000", taxTotal: "100", totalAmount: "1100", invoicerMgtKey: "MP-1", invoicerCorpNum: CORP,
        invoicerCorpName: "공급자", invoicerCEOName: "대표", invoiceeCorpNum: "3333333336", invoiceeCorpName: "구매자", invoiceeCEOName: "대표"
      })
      const { body, contentType } = encode(u)
      const answer = yield* postRaw("/Taxinvoice/SELL/MP-1/Files", contentType, body)
      expect(answer.body).toMatchObject({ code: 1 })
      const sandbox = yield* Sandbox
      const file = yield* sandbox.use(Effect.map(SandboxStore, (store) =>
        State.memberOf(store.get(State.taxinvoiceSlot, "test"), CORP).byKey.get(State.keyOf("SELL", "MP-1"))!.files[0]!))
      expect(file.fileName).toBe(u.fileName)
      expect(file.displayName).toBe(u.withForm && u.displayName !== undefined ? u.displayName : u.fileName)
      expect([...file.content]).toEqual([...contentOf(u)])
    }).pipe(Effect.provide(fresh())), { arbitrary: { runs: 30, size: 60 } })
})
