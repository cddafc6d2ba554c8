/**
 * Growth: whether what the sandbox does per request grows with what it stores. Two sandbox server
 * processes, one with 1,000 stored cash receipts for a member and one with 1,000,000 (each its own
 * heap, so the larger one pays for its own garbage collection); the query is a tax-portal
 * collection of one day — RequestJob, the two state polls that complete the job, Search of the
 * first page, Summary — through the real request path (undici from this process, bearer token,
 * routing, handlers, JSON). The queried day holds the same 100 receipts in both sandboxes; the
 * others are spread over the year before it, so the answers are the same size and only the stored
 * count differs. The same for e-Tax invoices (1,000 against 100,000; write-date collection).
 * Documents are seeded in each server process through the sandbox's own state functions (each body
 * parsed and decoded with the domain schema, as a request's would be), not requests. Memory per
 * stored document is the server's heap after a full GC, per kind: cash receipt, e-Tax invoice,
 * statement, and the results a collection job keeps.
 *
 * Targets: a Search of one day's page with 1,000,000 stored documents within 1.5× of
 * the figure with 1,000; memory per stored cash receipt ≤ 700 B.
 *
 * Run by the runner, or alone (`tsx bench/growth.ts`); `--serve <config>` is the server process.
 *
 * @since 0.1.0
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { request } from "undici"
import { Effect, Exit, Result, type Schema, Scope } from "effect"
import * as Kst from "../src/core/Kst.js"
import { CashReceiptIssue } from "../src/domains/cashbill/Schemas.js"
import { StatementIssue } from "../src/domains/statement/Schemas.js"
import { TaxinvoiceDraft } from "../src/domains/taxinvoice/Schemas.js"
import * as Cashbill from "../src/sandbox/cashbill/State.js"
import { outboxSlot } from "../src/sandbox/Outbox.js"
import { tester } from "../src/sandbox/Partners.js"
import { decodeResult } from "../src/sandbox/routing/Route.js"
import * as SandboxModule from "../src/sandbox/Sandbox.js"
import * as Server from "../src/sandbox/Server.js"
import * as Statement from "../src/sandbox/statement/State.js"
import { SandboxStore, type SandboxStoreShape } from "../src/sandbox/Store.js"
import * as Taxinvoice from "../src/sandbox/taxinvoice/State.js"
import { sampleReceipt, sdkHeaders } from "./clients/protocol.js"
import { collectGarbage, medianOf } from "./support/alternate.js"
import { nodeFlags } from "./support/child.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import type { Table } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import { count, median, ms, ratio } from "./support/stats.js"
import { issueToken } from "./support/token.js"

const MEMBER = Sdk.memberNumber(18)
const BUYER = "3333333336"
const SMALL = 1_000
const LARGE_RECEIPTS = sized(1_000_000, 2_000)
const LARGE_INVOICES = sized(100_000, 1_000)
const STATEMENTS = sized(100_000, 1_000)
/** Documents on the queried day, in every sandbox. */
const ON_THE_DAY = 100
/** The other documents are spread over this many days before it. */
const SPREAD_DAYS = 365
const ROUNDS = sized(7, 1)
const QUERIES_PER_ROUND = sized(12, 2)
const TARGET_RATIO = 1.5
const TARGET_RECEIPT_BYTES = 700

/** Yesterday (KST): the queried day. Collection only sees days up to its completion. */
const QUERY_DAY = Kst.addDays(Kst.toDate8(Date.now()), -1)

/** The day of the `i`-th of `total` documents: the first `ON_THE_DAY` on the queried day. */
const dayOf = (i: number, total: number): string => {
  if (i < ON_THE_DAY) return QUERY_DAY
  const spread = Math.max(1, total - ON_THE_DAY)
  return Kst.addDays(QUERY_DAY, -1 - Math.floor(((i - ON_THE_DAY) * SPREAD_DAYS) / spread))
}

const heapUsed = (): number => {
  collectGarbage()
  collectGarbage()
  return process.memoryUsage().heapUsed
}

type SandboxService = SandboxModule.SandboxService

/** Runs `f` on the sandbox's store, synchronously (state functions change it in one step). */
const onStore = (sandbox: SandboxService, f: (store: SandboxStoreShape) => void): void => Effect.runSync(sandbox.use(Effect.map(SandboxStore, f)))

const decoded = <A, I>(text: string, schema: Schema.Codec<A, I, never, never>): A => Result.getOrThrow(decodeResult(JSON.parse(text), schema))

/** Stores `total` cash receipts of the member, as RegistIssue would (body parsed and decoded). */
const seedReceipts = (sandbox: SandboxService, total: number): void =>
  onStore(sandbox, (store) => {
    const state = store.get(Cashbill.cashbillSlot, "test")
    const member = Cashbill.memberOf(state, MEMBER)
    for (let i = 0; i < total; i++) {
      const day = dayOf(i, total)
      const seconds = String(i % 60).padStart(2, "0")
      const tradeDT = `${day}12${String(Math.floor(i / 60) % 60).padStart(2, "0")}${seconds}`
      const body = decoded(JSON.stringify({ ...sampleReceipt(`G-${String(i).padStart(7, "0")}`, MEMBER), tradeDT }), CashReceiptIssue)
      Result.getOrThrow(Cashbill.issue(state, member, body, Kst.parse(tradeDT)))
    }
  })


/** Stores `total` issued e-Tax invoices of the member (Register then Issue, bodies decoded). */
const seedInvoices = (sandbox: SandboxService, total: number): void =>
  onStore(sandbox, (store) => {
    const state = store.get(Taxinvoice.taxinvoiceSlot, "test")
    const member = Taxinvoice.memberOf(state, MEMBER)
    // The buyer's notification mail stays in the sandbox's outbox: part of what an issued invoice costs.
    const outbox = store.get(outboxSlot, "test")
    for (let i = 0; i < total; i++) {
      const day = dayOf(i, total)
      const at = Kst.parse(`${day}150000`)
      const draft = decoded(JSON.stringify(Sdk.sampleInvoiceDraft(`TG-${String(i).padStart(7, "0")}`, MEMBER, day)), TaxinvoiceDraft)
      const invoice = Result.getOrThrow(Taxinvoice.register(state, member, MEMBER, draft, at))
      Result.getOrThrow(Taxinvoice.issue(state, outbox, invoice, { forceIssue: true }, at))
    }
  })

/** Stores `total` issued statements of the member. */
const seedStatements = (sandbox: SandboxService, total: number): void =>
  onStore(sandbox, (store) => {
    const state = store.get(Statement.statementSlot, "test")
    const at = Kst.parse(`${QUERY_DAY}100000`)
    for (let i = 0; i < total; i++) {
      const body = decoded(
        JSON.stringify({
          itemCode: 121,
          mgtKey: `SG-${String(i).padStart(7, "0")}`,
          writeDate: QUERY_DAY,
          taxType: "과세",
          purposeType: "영수",
          supplyCostTotal: "100000",
          taxTotal: "10000",
          totalAmount: "110000",
          senderCorpNum: MEMBER,
          senderCorpName: "공급자 상사",
          receiverCorpNum: BUYER,
          receiverCorpName: "공급받는자 상사",
          receiverEmail: "buyer@example.com",
          detailList: [{ serialNum: 1, purchaseDT: QUERY_DAY, itemName: "원두", qty: "2", unitCost: "50000", supplyCost: "100000", tax: "10000" }]
        }),
        StatementIssue
      )
      Result.getOrThrow(Statement.issue(state, MEMBER, body, false, store.get(outboxSlot, "test"), at))
    }
  })

/** What a server process stores. */
interface SeedConfig {
  readonly receipts: number
  readonly invoices: number
  readonly statements: number
}

/** Messages between this process and a server process (its IPC channel). */
type Message =
  | { readonly _tag: "ready"; readonly url: string; readonly memory: Readonly<Record<string, number>>; readonly seedMillis: number }
  | { readonly _tag: "heap"; readonly id: number; readonly heapUsed?: number }

/** Heap bytes per document of one seeding. */
const bytesPer = (documents: number, seed: () => void): number => {
  if (documents === 0) return Number.NaN
  const before = heapUsed()
  seed()
  return (heapUsed() - before) / documents
}

/** The server process: seeds its sandbox, serves it, reports its heap when asked, ends with stdin. */
const serveSeeded = async (config: SeedConfig): Promise<void> => {
  const sandbox = await Effect.runPromise(SandboxModule.make({ partners: [tester], members: [{ corpNum: MEMBER }] }))
  const started = performance.now()
  const memory = {
    receipt: bytesPer(config.receipts, () => seedReceipts(sandbox, config.receipts)),
    invoice: bytesPer(config.invoices, () => seedInvoices(sandbox, config.invoices)),
    statement: bytesPer(config.statements, () => seedStatements(sandbox, config.statements))
  }
  const seedMillis = performance.now() - started
  const scope = Effect.runSync(Scope.make())
  const address = await Effect.runPromise(Server.serve({ port: 0 }).pipe(Effect.provideService(SandboxModule.Sandbox, sandbox), Scope.provide(scope)))
  process.on("message", (message: Message) => {
    if (message._tag === "heap") process.send?.({ _tag: "heap", id: message.id, heapUsed: heapUsed() } satisfies Message)
  })
  const stop = () => void Effect.runPromise(Scope.close(scope, Exit.void)).finally(() => process.exit(0))
  process.stdin.on("end", stop)
  process.stdin.on("close", stop)
  process.stdin.resume()
  process.send?.({ _tag: "ready", url: address.url, memory, seedMillis } satisfies Message)
}

/** A running server process: its address, a token of the member, its seeding and heap. */
interface Running {
  readonly url: string
  readonly token: string
  readonly memory: Readonly<Record<string, number>>
  readonly seedMillis: number
  /** The server's heap after a full GC. */
  readonly heap: () => Promise<number>
  readonly stop: () => Promise<void>
}

const start = (config: SeedConfig): Promise<Running> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags(), fileURLToPath(import.meta.url), "--serve", JSON.stringify(config)], {
      stdio: ["pipe", "inherit", "inherit", "ipc"]
    })
    let next = 0
    const waiting = new Map<number, (heapUsed: number) => void>()
    child.once("exit", (code) => reject(new Error(`the server process ended with ${code} before it was ready`)))
    child.on("message", (message: Message) => {
      if (message._tag === "heap") {
        waiting.get(message.id)?.(message.heapUsed ?? Number.NaN)
        waiting.delete(message.id)
        return
      }
      issueToken(message.url, MEMBER, ["member", "140", "110", "111", "141"]).then((token) =>
        resolve({
          url: message.url,
          token,
          memory: message.memory,
          seedMillis: message.seedMillis,
          heap: () =>
            new Promise((answer) => {
              const id = next++
              waiting.set(id, answer)
              child.send({ _tag: "heap", id } satisfies Message)
            }),
          stop: () =>
            new Promise((done) => {
              child.removeAllListeners("exit")
              child.once("exit", () => done())
              child.stdin!.end()
            })
        }), reject)
    })
  })

const call = async (running: Running, method: "GET" | "POST", path: string): Promise<Record<string, unknown>> => {
  const response = await request(`${running.url}${path}`, { method, headers: sdkHeaders(running.token, false) })
  const answer = await response.body.json() as Record<string, unknown>
  if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${JSON.stringify(answer)}`)
  return answer
}

type Kind = "Cashbill" | "Taxinvoice"

/**
 * One collection of the queried day: RequestJob, two state polls (the job completes on the
 * second), Search of the first page, Summary. Answers the time it took and the page's size.
 */
const collectDay = async (running: Running, kind: Kind): Promise<{ readonly millis: number; readonly listed: number }> => {
  const range = `SDate=${QUERY_DAY}&EDate=${QUERY_DAY}`
  const started = performance.now()
  const { jobID } = await call(running, "POST", `/TaxPortal/${kind}/SELL?${kind === "Taxinvoice" ? "DType=W&" : ""}${range}`) as { jobID: string }
  await call(running, "GET", `/TaxPortal/${kind}/${jobID}/State`)
  const state = await call(running, "GET", `/TaxPortal/${kind}/${jobID}/State`)
  if (state["jobState"] !== "3") throw new Error(`the job did not complete: ${JSON.stringify(state)}`)
  const search = await call(running, "GET", `/TaxPortal/${kind}/${jobID}?${kind === "Taxinvoice" ? "Type=&" : ""}Page=1&PerPage=500`)
  await call(running, "GET", `/TaxPortal/${kind}/${jobID}/Summary`)
  return { millis: performance.now() - started, listed: (search["list"] as ReadonlyArray<unknown>).length }
}

interface Round {
  readonly small: number
  readonly large: number
  readonly listed: readonly [number, number]
}

/**
 * A round: `QUERIES_PER_ROUND` pairs of collections, the two sandboxes one after the other (the
 * order reversed every other pair), so that the machine's load falls on both alike; the round's
 * figures are the medians of each side.
 */
const pairedRound = async (small: Running, large: Running, kind: Kind): Promise<Round> => {
  const times = { small: [] as Array<number>, large: [] as Array<number> }
  const listed: [number, number] = [0, 0]
  for (let i = 0; i < QUERIES_PER_ROUND; i++) {
    const order = i % 2 === 0 ? (["small", "large"] as const) : (["large", "small"] as const)
    for (const side of order) {
      const one = await collectDay(side === "small" ? small : large, kind)
      times[side].push(one.millis)
      listed[side === "small" ? 0 : 1] = one.listed
    }
  }
  return { small: median(times.small), large: median(times.large), listed }
}

const compare = async (kind: Kind, small: Running, large: Running) => {
  const rounds: Array<Round> = []
  await pairedRound(small, large, kind)
  for (let r = 0; r < ROUNDS; r++) {
    const round = await pairedRound(small, large, kind)
    rounds.push(round)
    log(`${kind} round ${r + 1}: 1,000 stored ${ms(round.small)}, many stored ${ms(round.large)} (${round.listed.join(" and ")} listed)`)
  }
  return {
    small: medianOf(rounds, (r) => r.small),
    large: medianOf(rounds, (r) => r.large),
    ratio: medianOf(rounds, (r) => r.large / r.small),
    listed: rounds[0]!.listed[1]
  }
}

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "growth",
  limitMillis: 600_000,
  run: async () => {
    log(`seeding: ${count(SMALL)} cash receipts and e-Tax invoices in one server; ${count(LARGE_RECEIPTS)} cash receipts, ${count(LARGE_INVOICES)} e-Tax invoices and ${count(STATEMENTS)} statements in the other`)
    const [small, large] = await Promise.all([
      start({ receipts: SMALL, invoices: SMALL, statements: 0 }),
      start({ receipts: LARGE_RECEIPTS, invoices: LARGE_INVOICES, statements: STATEMENTS })
    ])
    const memory: Record<string, number> = { ...large.memory }
    log(`seeded: ${Math.round(memory["receipt"]!)} B per receipt, ${Math.round(memory["invoice"]!)} B per e-Tax invoice, ${Math.round(memory["statement"]!)} B per statement (${ms(large.seedMillis)})`)
    try {
      log("collection of one day, cash receipts")
      const receipts = await compare("Cashbill", small, large)
      log("collection of one day, e-Tax invoices")
      const invoices = await compare("Taxinvoice", small, large)

      // What a completed job keeps: a collection of 3 months (the longest range the spec allows),
      // its results measured by the heap they add to the server.
      const before = await large.heap()
      const from = Kst.addDays(QUERY_DAY, -89)
      const { jobID } = await call(large, "POST", `/TaxPortal/Cashbill/SELL?SDate=${from}&EDate=${QUERY_DAY}`) as { jobID: string }
      await call(large, "GET", `/TaxPortal/Cashbill/${jobID}/State`)
      const job = await call(large, "GET", `/TaxPortal/Cashbill/${jobID}/State`)
      const collected = Number(job["collectCount"])
      memory["collected"] = ((await large.heap()) - before) / collected
      log(`a 3-month job collected ${count(collected)} receipts: ${Math.round(memory["collected"]!)} B each`)

      const row = (label: string, c: Awaited<ReturnType<typeof compare>>) => [label, ms(c.small), ms(c.large), ratio(c.ratio), String(c.listed)]
      const tables: Array<Table> = [
        {
          title: `Collection of one day (${ON_THE_DAY} documents that day), ${ROUNDS} rounds of ${QUERIES_PER_ROUND} alternating pairs; medians`,
          headers: ["documents", `${count(SMALL)} stored`, "many stored", "many vs 1,000", "listed on the page"],
          rows: [
            row(`cash receipts: ${count(SMALL)} against ${count(LARGE_RECEIPTS)}`, receipts),
            row(`e-Tax invoices: ${count(SMALL)} against ${count(LARGE_INVOICES)}`, invoices)
          ]
        },
        {
          title: "Memory per stored document (server heap after a full GC)",
          headers: ["kind", "stored", "bytes each"],
          rows: [
            ["cash receipt (with its indexes)", count(LARGE_RECEIPTS), `${Math.round(memory["receipt"]!)} B`],
            ["e-Tax invoice, issued (with its indexes, identifiers and notification mail)", count(LARGE_INVOICES), `${Math.round(memory["invoice"]!)} B`],
            ["statement, issued (with its notification mail)", count(STATEMENTS), `${Math.round(memory["statement"]!)} B`],
            ["collected result (a cash receipt in a completed job)", count(collected), `${Math.round(memory["collected"]!)} B`]
          ]
        }
      ]
      return {
        title: "8. Growth: 1,000,000 stored documents",
        method: [
          `Two sandbox server processes (\`Server.serve\` on 127.0.0.1, sources loaded through tsx): one with ${count(SMALL)} cash receipts and ${count(SMALL)} issued e-Tax invoices for one member, one with ${count(LARGE_RECEIPTS)} cash receipts, ${count(LARGE_INVOICES)} e-Tax invoices and ${count(STATEMENTS)} statements; each its own heap.`,
          `Documents are seeded in each server through the sandbox's state functions (\`cashbill/State.issue\`, \`taxinvoice/State.register\` + \`issue\`, \`statement/State.issue\`), each body parsed and decoded with its domain schema as a request's would be. ${ON_THE_DAY} documents are on the queried day (${QUERY_DAY}) in both; the others are spread evenly over the ${SPREAD_DAYS} days before it.`,
          "The query, from this process through the real request path (undici, bearer token, routing, handlers, JSON): a tax-portal collection of that day on the member's SELL side — RequestJob, two GetJobState polls (the job completes on the second, default policy), Search of page 1 (500 per page), Summary — timed end to end, the two servers alternating query by query; a round's figure is each side's median, the ratio the median of the rounds' ratios.",
          "Memory: the server's `heapUsed` after two full GCs, before and after seeding each kind, divided by the documents stored; the collected results: the heap a completed 3-month job adds, per document it collected."
        ],
        tables,
        targets: [
          {
            name: `a Search of one day's page with ${count(LARGE_RECEIPTS)} stored documents within ${TARGET_RATIO}× of the figure with ${count(SMALL)}`,
            measured: `${ratio(receipts.ratio)} (${ms(receipts.large)} against ${ms(receipts.small)}; e-Tax invoices ${ratio(invoices.ratio)} with ${count(LARGE_INVOICES)})`,
            met: receipts.ratio <= TARGET_RATIO && invoices.ratio <= TARGET_RATIO
          },
          {
            name: `memory per stored document reported for each kind; per stored receipt ≤ ${TARGET_RECEIPT_BYTES} B`,
            measured: `receipt ${Math.round(memory["receipt"]!)} B, e-Tax invoice ${Math.round(memory["invoice"]!)} B, statement ${Math.round(memory["statement"]!)} B, collected result ${Math.round(memory["collected"]!)} B`,
            met: memory["receipt"]! <= TARGET_RECEIPT_BYTES
          }
        ],
        notes: [
          `Seeding the large server took ${ms(large.seedMillis)} (${count(LARGE_RECEIPTS)} cash receipts, ${count(LARGE_INVOICES)} e-Tax invoices, ${count(STATEMENTS)} statements, decoding included).`
        ]
      }
    } finally {
      await Promise.all([small.stop(), large.stop()])
    }
  }
}

if (isMain(import.meta.url)) {
  const at = process.argv.indexOf("--serve")
  if (at >= 0) await serveSeeded(JSON.parse(process.argv[at + 1] ?? "{}") as SeedConfig)
  else await main(benchmark)
}
