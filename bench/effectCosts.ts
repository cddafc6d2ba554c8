/**
 * What Effect's own parts of a call cost, reproduced with Effect alone (nothing of taxdoc):
 * `npx tsx bench/effectCosts.ts` (`BENCH_SMOKE=1`: a few iterations). Each figure is the CPU time
 * per operation of a loop, measured alternately with the figure it is compared with, median of the
 * rounds:
 *
 * - decoding a GetInfo answer of the sandbox (377 bytes of JSON, 28 fields) after `JSON.parse`: into
 *   a Schema class of the 7 fields a hand-written client reads, into a Schema class of every field
 *   as the service's spec declares them (optional, `null` dropped, lenient numbers and booleans:
 *   unions and transformations), the same fields as a struct, and with plain `NullOr` fields;
 * - validating an input record shaped as a cash receipt to issue (24 fields, 15 optional, a check on
 *   each, two across fields; unknown fields refused) under `errors: "first"` and `errors: "all"`;
 * - an asynchronous step (a callback resumed on the next turn of the event loop) run bare and under
 *   `Effect.timeoutOrElse` (a race of two forked fibers and a timer per run) and forked into a fiber
 *   and awaited (what a request pays under the transport's watch of deadlines), by one caller and by
 *   32 callers (fibers).
 *
 * @since 2.0.0
 */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { pathToFileURL } from "node:url"
import { sampleReceipt } from "./clients/protocol.js"
import { alternate } from "./support/alternate.js"
import { Info as NarrowInfo } from "./support/least.js"
import { sized, SMOKE } from "./support/program.js"
import { median } from "./support/stats.js"

const ROUNDS = sized(7, 1)

/** The sandbox's answer to a GetInfo of a cash receipt, as sent. */
const ANSWER =
  "{\"mgtKey\":\"ANS-0001\",\"confirmNum\":\"100048271\",\"orgConfirmNum\":null,\"orgTradeDate\":null,\"tradeDate\":\"20261202\",\"tradeDT\":\"20261202211905\",\"tradeType\":\"승인거래\",\"tradeUsage\":\"소득공제용\",\"tradeOpt\":\"일반\",\"taxationType\":\"과세\",\"totalAmount\":\"11000\",\"supplyCost\":\"10000\",\"tax\":\"1000\",\"serviceFee\":\"0\",\"itemName\":\"커피 원두\",\"customerName\":\"홍길동\",\"itemKey\":\"261202211905000001\",\"issueDT\":\"20261202211905\",\"regDT\":\"20261202211905\",\"stateDT\":\"20261202211905\",\"stateCode\":300,\"identityNum\":\"010****1234\",\"ntssendDT\":null,\"ntsresultDT\":null,\"ntsresultCode\":null,\"ntsresultMessage\":null,\"printYN\":false,\"interOPYN\":true}"

// A field the service may leave out or send as null; decoded as absent.
const dropNull = <A>(value: Option.Option<A | null>): Option.Option<A> => Option.filter(value, (present): present is A => present !== null)
const nullable = <S extends Schema.Top>(schema: S) =>
  Schema.optionalKey(Schema.NullOr(schema)).pipe(
    Schema.decodeTo(Schema.optionalKey(Schema.toType(schema)), {
      decode: SchemaGetter.transformOptional(dropNull),
      encode: SchemaGetter.passthroughSupertype()
    })
  )
const LenientNumber = Schema.Union([Schema.Number, Schema.FiniteFromString])
const LenientBoolean = Schema.Union([
  Schema.Boolean,
  Schema.Literals(["true", "false", "Y", "N", "1", "0"]).pipe(
    Schema.decodeTo(Schema.Boolean, SchemaTransformation.transform({ decode: (s) => s === "true" || s === "Y" || s === "1", encode: (b): "true" | "false" => (b ? "true" : "false") }))
  )
])

const STRING_FIELDS = [
  "orgConfirmNum", "orgTradeDate", "tradeDT", "tradeType", "tradeUsage", "tradeOpt", "taxationType", "totalAmount", "supplyCost", "tax", "serviceFee", "identityNum",
  "itemName", "customerName", "itemKey", "issueDT", "regDT", "stateDT", "ntssendDT", "ntsresultDT", "ntsresultCode", "ntsresultMessage"
] as const

const wideFields = {
  mgtKey: Schema.String,
  confirmNum: Schema.String,
  tradeDate: Schema.String,
  stateCode: LenientNumber,
  printYN: nullable(LenientBoolean),
  interOPYN: nullable(LenientBoolean),
  ...Object.fromEntries(STRING_FIELDS.map((name) => [name, nullable(Schema.String)])) as Record<(typeof STRING_FIELDS)[number], ReturnType<typeof nullable<Schema.String>>>
}

/** Every field as the spec declares it, in a class. */
class WideInfo extends Schema.Class<WideInfo>("WideInfo")(wideFields) {}
/** The same fields in a struct. */
const WideStruct = Schema.Struct(wideFields)
/** Every field, `null` kept (`NullOr`), numbers and booleans as sent. */
class WideNullOr extends Schema.Class<WideNullOr>("WideNullOr")({
  mgtKey: Schema.String,
  confirmNum: Schema.String,
  tradeDate: Schema.String,
  stateCode: Schema.Number,
  printYN: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  interOPYN: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  ...Object.fromEntries(STRING_FIELDS.map((name) => [name, Schema.optionalKey(Schema.NullOr(Schema.String))])) as Record<(typeof STRING_FIELDS)[number], Schema.optionalKey<Schema.NullOr<Schema.String>>>
}) {}

const answerOptions = { onExcessProperty: "ignore" } as const

// An input record with checks, shaped as a cash receipt to issue is validated before it is sent:
// 24 fields, 15 of them optional (absent, `null` and `""` all decoded as absent), a named check
// (`Schema.makeFilter`) on each, two checks across fields on the record.
const rule = <A>(predicate: (a: A) => boolean, message: string) => Schema.makeFilter<A>((a) => predicate(a), { message })
const text = (max: number, pattern?: RegExp) =>
  Schema.String.pipe(Schema.check(rule((s: string) => s.length <= max && (pattern === undefined || pattern.test(s)), `at most ${max} characters`)))
const oneOf = <const L extends ReadonlyArray<string>>(values: L) => Schema.Literals(values)
const amount = text(9, /^(0|[1-9][0-9]*)$/)
const isAbsent = (value: unknown): value is null | "" => value === null || value === ""
const optional = <S extends Schema.Top>(schema: S) =>
  Schema.optionalKey(Schema.Union([Schema.Null, Schema.Literal(""), schema])).pipe(
    Schema.decodeTo(Schema.optionalKey(Schema.toType(schema)), {
      decode: SchemaGetter.transformOptional(<A>(value: Option.Option<A | null | "">): Option.Option<A> => Option.filter(value, (present): present is A => !isAbsent(present))),
      encode: SchemaGetter.passthroughSupertype()
    })
  )
const Receipt = Schema.Struct({
  mgtKey: text(24, /^[A-Za-z0-9_-]+$/),
  tradeDT: optional(text(14, /^[0-9]{14}$/)),
  tradeType: oneOf(["승인거래"]),
  tradeUsage: oneOf(["소득공제용", "지출증빙용"]),
  tradeOpt: optional(oneOf(["일반", "도서공연", "대중교통"])),
  taxationType: oneOf(["과세", "비과세"]),
  totalAmount: amount,
  supplyCost: amount,
  tax: amount,
  serviceFee: amount,
  franchiseCorpNum: text(10, /^[0-9]{10}$/),
  franchiseTaxRegID: optional(text(4, /^[0-9]{4}$/)),
  franchiseCorpName: optional(text(200)),
  franchiseCEOName: optional(text(100)),
  franchiseAddr: optional(text(400)),
  franchiseTEL: optional(text(20)),
  identityNum: text(18, /^[0-9-]+$/),
  customerName: optional(text(70)),
  itemName: optional(text(70)),
  orderNumber: optional(text(200)),
  email: optional(text(100)),
  hp: optional(text(20)),
  memo: optional(text(200)),
  emailSubject: optional(text(300))
}).pipe(Schema.check(
  rule((r: { readonly totalAmount: string; readonly supplyCost: string; readonly tax: string; readonly serviceFee: string }) =>
    Number(r.totalAmount) === Number(r.supplyCost) + Number(r.tax) + Number(r.serviceFee), "total = supply + tax + service fee"),
  rule((r: { readonly tradeUsage: string; readonly identityNum: string }) => r.tradeUsage !== "지출증빙용" || r.identityNum.length === 10, "identityNum by tradeUsage")
))
const RECEIPT = sampleReceipt("B-1-1", "1234567891")

interface Case {
  readonly name: string
  readonly run: (n: number) => void | Promise<void>
}

/** CPU µs per operation of `run(n)`. */
const cpuPerOp = async (c: Case, n: number): Promise<number> => {
  const before = process.cpuUsage()
  await c.run(n)
  const used = process.cpuUsage(before)
  return (used.user + used.system) / n
}

/** Runs `cases` alternately (a warm-up round first), answering each case's median CPU per operation. */
const measure = async (cases: ReadonlyArray<Case>, n: number): Promise<ReadonlyArray<readonly [string, number]>> => {
  const samples = await alternate({ sides: cases.map((c) => ({ name: c.name, run: () => cpuPerOp(c, n) })), rounds: ROUNDS })
  return cases.map((c) => [c.name, median(samples[c.name]!)] as const)
}

const decodeCase = (name: string, decode: (input: unknown) => Result.Result<unknown, unknown>): Case => ({
  name,
  run: (n) => {
    for (let i = 0; i < n; i++) {
      const decoded = decode(JSON.parse(ANSWER))
      if (Result.isFailure(decoded)) throw new Error(`${name}: ${String(decoded.failure)}`)
    }
  }
})

const validateCase = (errors: "first" | "all"): Case => {
  const decode = Schema.decodeUnknownResult(Receipt, { errors, onExcessProperty: "error", reportInput: true })
  return {
    name: `a receipt to issue (24 fields, 13 given) validated, \`errors: "${errors}"\``,
    run: (n) => {
      for (let i = 0; i < n; i++) if (Result.isFailure(decode(RECEIPT))) throw new Error("invalid receipt")
    }
  }
}

// One asynchronous step: resumed on the next turn of the event loop, as an answer arrives.
const step = Effect.callback<number>((resume) => {
  setImmediate(() => resume(Effect.succeed(1)))
})

// `n` runs of `call` by `callers` fibers, each calling again when answered.
const loopCase = (name: string, call: Effect.Effect<number>, callers = 1): Case => ({
  name,
  run: (n) => {
    let started = 0
    const worker = Effect.whileLoop({ while: () => started++ < n, body: () => call, step: () => undefined })
    return Effect.runPromise(Effect.forEach(Array.from({ length: callers }), () => worker, { concurrency: callers, discard: true }))
  }
})

const timed = Effect.timeoutOrElse(step, { duration: "30 seconds", orElse: () => Effect.succeed(0) })

// What a request pays under a watch that keeps every deadline (taxdoc's transport): the step forked
// into a fiber of its own and awaited; the watch itself sleeps once for all the steps in flight.
const forked = Effect.flatMap(Effect.forkChild(step, { startImmediately: true }), Fiber.join)

/**
 * The figures: each comparison's cases, CPU µs per operation.
 *
 * @since 2.0.0
 * @category constructors
 */
export const run = async (): Promise<ReadonlyArray<{ readonly title: string; readonly rows: ReadonlyArray<readonly [string, number]> }>> => {
  const decodes = SMOKE ? 500 : 50_000
  const steps = SMOKE ? 200 : 20_000
  return [
    {
      title: `GetInfo answer (${ANSWER.length} characters of JSON): JSON.parse, then decoded (\`onExcessProperty: "ignore"\`)`,
      rows: await measure([
        decodeCase("JSON.parse alone", (input) => Result.succeed(input)),
        decodeCase("Schema class of the 7 fields read (the least client's)", Schema.decodeUnknownResult(NarrowInfo, answerOptions)),
        decodeCase("Schema class of all 28 fields as the spec declares them (null dropped, lenient numbers and booleans)", Schema.decodeUnknownResult(WideInfo, answerOptions)),
        decodeCase("the same 28 fields, a struct", Schema.decodeUnknownResult(WideStruct, answerOptions)),
        decodeCase("Schema class of all 28 fields, `NullOr` kept, numbers and booleans as sent", Schema.decodeUnknownResult(WideNullOr, answerOptions))
      ], decodes)
    },
    { title: "An input validated before it is sent", rows: await measure([validateCase("first"), validateCase("all")], decodes) },
    {
      title: "An asynchronous step (resumed by `setImmediate`), one caller",
      rows: await measure([loopCase("bare", step), loopCase("under `Effect.timeoutOrElse` (30 s)", timed), loopCase("forked into a fiber and awaited", forked)], steps)
    },
    {
      title: "The same step, 32 callers (fibers)",
      rows: await measure([loopCase("bare", step, 32), loopCase("under `Effect.timeoutOrElse` (30 s)", timed, 32), loopCase("forked into a fiber and awaited", forked, 32)], steps)
    }
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const table of await run()) {
    process.stdout.write(`\n**${table.title}**\n\n| case | CPU / operation | vs the first |\n| --- | ---: | ---: |\n`)
    const first = table.rows[0]![1]
    for (const [name, micros] of table.rows) process.stdout.write(`| ${name} | ${micros.toFixed(2)} µs | ${(micros / first).toFixed(2)}× |\n`)
  }
  process.stdout.write(`\nNode ${process.version}, ${ROUNDS} alternating rounds after a warm-up, medians; load average ${(await import("node:os")).loadavg().map((l) => l.toFixed(2)).join(", ")}.\n`)
}
