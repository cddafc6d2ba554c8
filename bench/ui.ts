/**
 * The sandbox's pages with 10,000 receipts: how long the overview and a filtered list take to
 * render on the socket sandbox, beside the JSON statistics route (`GET /_sandbox/stats`), and what
 * the pages' machinery costs the API path — the log of recent calls, and a page following the
 * sandbox live (its event stream open, the page fetched again on each event as the pages' script
 * does).
 *
 * Two sandbox server processes (`Server.serve` on 127.0.0.1, sources through tsx), each seeded
 * with 10,000 cash receipts of one member through the sandbox's own state functions (bodies
 * decoded with the domain schema), spread over the ten days before today so that most are filed:
 * one as `taxdoc sandbox serve` runs it (the call log on), one with the call log off
 * (`callLog: 0`). Requests go from this process over undici with keep-alive.
 *
 * Targets: the overview and a filtered list each render in < 200 ms (median) with 10,000
 * receipts; GetInfo throughput with the call log within 5 % of without.
 *
 * Run by the runner, or alone (`tsx bench/ui.ts`); `--serve <config>` is the server process.
 *
 * @since 1.0.0
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { Agent, request } from "undici"
import { Effect, Exit, Result, Scope } from "effect"
import * as Kst from "../src/core/Kst.js"
import { CashReceiptIssue } from "../src/domains/cashbill/Schemas.js"
import * as Cashbill from "../src/sandbox/cashbill/State.js"
import { tester } from "../src/sandbox/Partners.js"
import { decodeResult } from "../src/sandbox/routing/Route.js"
import * as SandboxModule from "../src/sandbox/Sandbox.js"
import * as Server from "../src/sandbox/Server.js"
import { SandboxStore } from "../src/sandbox/Store.js"
import { sampleReceipt, sdkHeaders } from "./clients/protocol.js"
import { alternate, medianOf } from "./support/alternate.js"
import { nodeFlags } from "./support/child.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { count, median, ms, percentile, perSecond, ratio } from "./support/stats.js"
import { issueToken } from "./support/token.js"

const MEMBER = Sdk.memberNumber(19)
const RECEIPTS = sized(10_000, 2_000)
const DAYS = 10
const ROUNDS = sized(7, 1)
const PAGES_PER_ROUND = sized(15, 3)
const CALLS_PER_ROUND = sized(600, 40)
const TARGET_MILLIS = 200
const TOLERANCE = 0.95

const TODAY = Kst.toDate8(Date.now())
const FROM = Kst.addDays(TODAY, -7)
const TO = Kst.addDays(TODAY, -2)
const dashed = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`
/** The filtered list: filed receipts of five days, the second page. */
const FILTERED = `/_sandbox/ui/cashbill?member=${MEMBER}&state=304&from=${dashed(FROM)}&to=${dashed(TO)}&page=2`

interface ServeConfig {
  readonly callLog: number | undefined
}

/** The server process: seeds its sandbox, serves it, ends with stdin. */
const serveSeeded = async (config: ServeConfig): Promise<void> => {
  const sandbox = await Effect.runPromise(
    SandboxModule.make({ partners: [tester], members: [{ corpNum: MEMBER }], ...(config.callLog === undefined ? {} : { callLog: config.callLog }) })
  )
  Effect.runSync(sandbox.use(Effect.map(SandboxStore, (store) => {
    const state = store.get(Cashbill.cashbillSlot, "test")
    const member = Cashbill.memberOf(state, MEMBER)
    for (let i = 0; i < RECEIPTS; i++) {
      const day = Kst.addDays(TODAY, -Math.floor((i * DAYS) / RECEIPTS))
      const tradeDT = `${day}09${String(Math.floor(i / 60) % 60).padStart(2, "0")}${String(i % 60).padStart(2, "0")}`
      const body = Result.getOrThrow(decodeResult({ ...sampleReceipt(`U-${String(i).padStart(6, "0")}`, MEMBER), tradeDT }, CashReceiptIssue))
      Result.getOrThrow(Cashbill.issue(state, member, body, Kst.parse(tradeDT)))
    }
  })))
  const scope = Effect.runSync(Scope.make())
  const address = await Effect.runPromise(Server.serve({ port: 0 }).pipe(Effect.provideService(SandboxModule.Sandbox, sandbox), Scope.provide(scope)))
  const stop = () => void Effect.runPromise(Scope.close(scope, Exit.void)).finally(() => process.exit(0))
  process.stdin.on("end", stop)
  process.stdin.on("close", stop)
  process.stdin.resume()
  process.stdout.write(`listening ${address.url}\n`)
}

interface Running {
  readonly url: string
  readonly token: string
  readonly stop: () => Promise<void>
}

const dispatcher = new Agent({ keepAliveTimeout: 60_000, connections: 8 })

const start = (config: ServeConfig): Promise<Running> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags(), fileURLToPath(import.meta.url), "--serve", JSON.stringify(config)], { stdio: ["pipe", "pipe", "inherit"] })
    child.once("exit", (code) => reject(new Error(`the server process ended with ${code} before it was ready`)))
    let out = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8")
      const url = /listening (\S+)/.exec(out)?.[1]
      if (url === undefined) return
      child.stdout!.removeAllListeners("data")
      issueToken(url, MEMBER, ["member", "140"], dispatcher).then((token) =>
        resolve({
          url,
          token,
          stop: () =>
            new Promise((done) => {
              child.removeAllListeners("exit")
              child.once("exit", () => done())
              child.stdin!.end()
            })
        }), reject)
    })
  })

/** Milliseconds of one GET answered 200, its body read whole. */
const timed = async (url: string, headers: Record<string, string> = {}): Promise<number> => {
  const started = performance.now()
  const response = await request(url, { dispatcher, headers: { "accept-language": "ko-KR", ...headers } })
  const text = await response.body.text()
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${text.slice(0, 200)}`)
  return performance.now() - started
}

/** `n` GetInfo calls one after another; answers calls per second. */
const getInfos = async (running: Running, n: number): Promise<number> => {
  const started = performance.now()
  for (let i = 0; i < n; i++) {
    const response = await request(`${running.url}/Cashbill/U-${String(i % 100).padStart(6, "0")}`, { dispatcher, headers: sdkHeaders(running.token, false) })
    await response.body.arrayBuffer()
    if (response.statusCode !== 200) throw new Error(`GetInfo: ${response.statusCode}`)
  }
  return n / ((performance.now() - started) / 1000)
}

/**
 * A page following the sandbox live, as the pages' script does: the event stream open, the page
 * fetched again on each event. Answers the function that closes it and says how many times the
 * page was fetched.
 */
const following = async (running: Running): Promise<() => Promise<number>> => {
  const controller = new AbortController()
  const response = await request(`${running.url}/_sandbox/ui/events?since=-1`, { dispatcher: new Agent(), signal: controller.signal })
  let fetched = 0
  let pending: Promise<unknown> = Promise.resolve()
  const done = (async () => {
    try {
      for await (const chunk of response.body) {
        if (!String(chunk).includes("event: change")) continue
        pending = pending.then(() => timed(`${running.url}${FILTERED}`).then(() => fetched++))
      }
    } catch {
      // Closed by `close` below.
    }
  })()
  return async () => {
    controller.abort()
    await done
    await pending
    return fetched
  }
}

interface PageRound {
  readonly overview: number
  readonly filtered: number
  readonly stats: number
  readonly overviewP95: number
  readonly filteredP95: number
}

/**
 * @since 1.0.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "ui",
  limitMillis: 480_000,
  run: async () => {
    log(`seeding two sandboxes with ${count(RECEIPTS)} cash receipts each`)
    const [logged, unlogged] = await Promise.all([start({ callLog: undefined }), start({ callLog: 0 })])
    try {
      log("pages: the overview, a filtered list and GET /_sandbox/stats, alternating")
      const pageSamples = await alternate<ReadonlyArray<number>>({
        sides: [
          { name: "overview", run: async () => { const t: Array<number> = []; for (let i = 0; i < PAGES_PER_ROUND; i++) t.push(await timed(`${logged.url}/_sandbox/ui`)); return t } },
          { name: "filtered", run: async () => { const t: Array<number> = []; for (let i = 0; i < PAGES_PER_ROUND; i++) t.push(await timed(`${logged.url}${FILTERED}`)); return t } },
          { name: "stats", run: async () => { const t: Array<number> = []; for (let i = 0; i < PAGES_PER_ROUND; i++) t.push(await timed(`${logged.url}/_sandbox/stats`)); return t } }
        ],
        rounds: ROUNDS,
        onRound: (round, results) => log(`round ${round + 1}: ${results.map(([name, t]) => `${name} ${ms(median(t))}`).join(", ")}`)
      })
      const rounds: ReadonlyArray<PageRound> = pageSamples["overview"]!.map((overview, i) => ({
        overview: median(overview),
        filtered: median(pageSamples["filtered"]![i]!),
        stats: median(pageSamples["stats"]![i]!),
        overviewP95: percentile(overview, 95),
        filteredP95: percentile(pageSamples["filtered"]![i]!, 95)
      }))
      const overview = medianOf(rounds, (r) => r.overview)
      const filtered = medianOf(rounds, (r) => r.filtered)
      const stats = medianOf(rounds, (r) => r.stats)

      log("the API path: sequential GetInfo with the call log, with a page following live, and without the log")
      const apiSamples = await alternate<{ readonly rate: number; readonly fetched: number }>({
        sides: [
          { name: "log", run: async () => ({ rate: await getInfos(logged, CALLS_PER_ROUND), fetched: 0 }) },
          {
            name: "live",
            run: async () => {
              const close = await following(logged)
              const rate = await getInfos(logged, CALLS_PER_ROUND)
              return { rate, fetched: await close() }
            }
          },
          { name: "none", run: async () => ({ rate: await getInfos(unlogged, CALLS_PER_ROUND), fetched: 0 }) }
        ],
        rounds: ROUNDS,
        onRound: (round, results) => log(`round ${round + 1}: ${results.map(([name, s]) => `${name} ${perSecond(s.rate)}`).join(", ")}`)
      })
      const rate = (side: string) => medianOf(apiSamples[side]!, (s) => s.rate)
      const against = (side: string) => median(apiSamples[side]!.map((s, i) => s.rate / apiSamples["none"]![i]!.rate))
      const logRatio = against("log")
      const liveRatio = against("live")
      const refetched = median(apiSamples["live"]!.map((s) => s.fetched))

      return {
        title: `19. The sandbox's pages with ${count(RECEIPTS)} receipts`,
        method: [
          `Two sandbox server processes (\`Server.serve\` on 127.0.0.1, sources through tsx), each with ${count(RECEIPTS)} cash receipts of one member seeded through \`cashbill/State.issue\` (bodies decoded with the domain schema), their trade days spread over the ${DAYS} days before today (the older ones filed, 304, under the default policy): one with the log of recent calls (the default, 2,000 calls), one with \`callLog: 0\`.`,
          `Pages: \`GET /_sandbox/ui\` (both environments' totals, the clock, every receipt's state counted, the statistics) and a filtered list, \`${FILTERED.replace(MEMBER, "<member>")}\` (every receipt of the member read, filtered by state and five days, the second page of 50), beside the JSON statistics route \`GET /_sandbox/stats\`; ${PAGES_PER_ROUND} requests of each a round, the three alternating, ${ROUNDS} rounds; the figure is the median of the rounds' medians.`,
          `The API path: ${CALLS_PER_ROUND} sequential GetInfo calls a round on each side, alternating: the server with the call log; the same with a page following it live (its event stream open, the filtered list fetched again on each event, as the pages' script does); the server without the log. Ratios are medians of the per-round ratios against the server without the log.`
        ],
        tables: [
          {
            title: "Render time, from the request to the last byte (undici, keep-alive)",
            headers: ["page", "median", "p95 (median of rounds)"],
            rows: [
              ["overview `/_sandbox/ui`", ms(overview), ms(medianOf(rounds, (r) => r.overviewP95))],
              ["filtered list (state, dates, page 2)", ms(filtered), ms(medianOf(rounds, (r) => r.filteredP95))],
              ["`GET /_sandbox/stats` (JSON)", ms(stats), "–"]
            ]
          },
          {
            title: "Sequential GetInfo, calls per second",
            headers: ["server", "calls/s", "vs no call log"],
            rows: [
              ["call log on (default)", perSecond(rate("log")), ratio(logRatio)],
              [`call log on, a page following live (${Math.round(refetched)} page fetches a round)`, perSecond(rate("live")), ratio(liveRatio)],
              ["call log off (`callLog: 0`)", perSecond(rate("none")), ratio(1)]
            ]
          }
        ],
        targets: [
          {
            name: `the overview and a filtered list each render in < ${TARGET_MILLIS} ms with ${count(RECEIPTS)} receipts`,
            measured: `overview ${ms(overview)}, filtered list ${ms(filtered)} (stats route ${ms(stats)})`,
            met: overview < TARGET_MILLIS && filtered < TARGET_MILLIS
          },
          {
            name: "the API path pays nothing measurable for the call log: GetInfo throughput within 5 % of without",
            measured: `${ratio(logRatio)}; with a page following live ${ratio(liveRatio)}`,
            met: logRatio >= TOLERANCE
          }
        ],
        notes: [
          "A page following live costs the API what its own fetches cost (each renders the page on the server's one thread), at most one fetch per 500 ms however many calls change the sandbox; the change signal itself is an increment per call."
        ]
      }
    } finally {
      await Promise.all([logged.stop(), unlogged.stop()])
      await dispatcher.close()
    }
  }
}

if (isMain(import.meta.url)) {
  const at = process.argv.indexOf("--serve")
  if (at >= 0) await serveSeeded(JSON.parse(process.argv[at + 1] ?? "{}") as ServeConfig)
  else await main(benchmark)
}
