/**
 * Cold start: the package as a user installs it (`npm pack`, the tarball installed with its peers
 * into a scratch project outside the repository, as `test/package/pack.test.ts` does), then
 * `node app.mjs` spawned there: it imports `taxdoc`, configures it for a running sandbox over
 * `Undici.layer()` as the README shows and does one `Cashbill.getInfo`, token issuance included. Measured from the spawn to the answer printed;
 * beside it the Effect floor (a program importing Effect the same way, nothing of taxdoc), the
 * least Effect client written by hand (`bench/support/least.ts`), the plain node:http client, and
 * the same apps of the release line installed with its own peers in a project of their own, all
 * alternating in the same rounds on the same Node. Target: the README app's share above its
 * floor at most the least client's share above its own + 50 ms (median of paired rounds).
 *
 * @since 0.1.0
 */
import { spawn } from "node:child_process"
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { TESTER_LINK_ID, TESTER_SECRET } from "../src/sandbox/Partners.js"
import { alternate, medianOf } from "./support/alternate.js"
import { plainEnv } from "./support/child.js"
import { type Checkout, git, prepare, RELEASE } from "./support/checkout.js"
import { withPreparedSandbox } from "./support/clients.js"
import { compiled, OUT_DIR } from "./support/compile.js"
import { install as installPackage, installCheckout, peersOf } from "./support/installed.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, ratio } from "./support/stats.js"

const ROUNDS = sized(8, 1)
/** The earlier line installed beside this checkout's package: the release line unless told otherwise. */
const BASE = process.env["BENCH_COLD_BASE"] ?? RELEASE
const TARGET_MILLIS = 300
const SHARE_ABOVE_LEAST_MILLIS = 50

// Each app prints one line: the answer's document ID and state, and the CPU its process used.
const PRINT = "console.log(JSON.stringify({ mgtKey: info.mgtKey, stateCode: info.stateCode, cpu: process.cpuUsage() }))"

const sdkApp = (imports: ReadonlyArray<string>, transport: string) =>
  [
    ...imports,
    "",
    "// Configured from TAXDOC_* (README, \"Where requests go\"): here the running sandbox's origin.",
    `const Live = Taxdoc.layerConfig.pipe(Layer.provide(${transport}))`,
    "const [corpNum, mgtKey] = process.argv.slice(2)",
    "const info = await Effect.runPromise(Effect.flatMap(Cashbill.Cashbill, (cashbill) => cashbill.getInfo(corpNum, mgtKey)).pipe(Effect.provide(Live)))",
    PRINT,
    ""
  ].join("\n")

const INDEX = ["import { Effect, Layer } from \"effect\""]
const MODULES = ["import * as Effect from \"effect/Effect\"", "import * as Layer from \"effect/Layer\""]
const SCHEMA = "import * as Schema from \"effect/Schema\""
const MODULES_FLOOR = [...MODULES, SCHEMA]
const PLATFORM_CLIENT = "import * as NodeHttpClient from \"@effect/platform-node/NodeHttpClient\""
const TAXDOC = "import { Cashbill, Taxdoc, Undici } from \"taxdoc\""
const TRANSPORT = "Undici.layer()"

// Imports what an app imports of Effect, the same way, and prints the line an app prints (the
// requested ID echoed; nothing asked): the Effect floor under that app.
const floorApp = (imports: ReadonlyArray<string>) =>
  [...imports, "const [, mgtKey] = process.argv.slice(2)", "const info = { mgtKey, stateCode: 0 }", PRINT, ""].join("\n")

const PLAIN_APP = [
  "import { makePlainClient } from \"./plain.js\"",
  "",
  "const env = process.env",
  "const client = makePlainClient({ linkId: env.TAXDOC_LINK_ID, secretKey: env.TAXDOC_SECRET_KEY, authUrl: env.TAXDOC_AUTH_URL, apiUrl: env.TAXDOC_API_URL, isTest: true })",
  "const [corpNum, mgtKey] = process.argv.slice(2)",
  "client.getInfo(corpNum, mgtKey, (error, info) => {",
  "  if (error) throw new Error(`${error.code} ${error.message}`)",
  `  ${PRINT}`,
  "  client.close()",
  "})",
  ""
].join("\n")

const LEAST_APP = [
  ...MODULES_FLOOR,
  "import { getInfo } from \"./least.js\"",
  "",
  "const env = process.env",
  "const [corpNum, mgtKey] = process.argv.slice(2)",
  "const info = await Effect.runPromise(getInfo({ linkId: env.TAXDOC_LINK_ID, secretKey: env.TAXDOC_SECRET_KEY, origin: env.TAXDOC_API_URL }, corpNum, mgtKey))",
  PRINT,
  ""
].join("\n")

/** An app: what it is, where it runs (this checkout's project or the earlier line's), its floor. */
interface App {
  readonly name: string
  readonly short: string
  readonly file: string
  readonly text: string
  readonly project: "current" | "base"
  /** The `short` of the floor it is measured above. */
  readonly floor?: string
}

const LEAST_NAME =
  "Effect's `HttpClient` over `NodeHttpClient.layerUndiciOptions` in a layer, a token signed with `node:crypto`, one GetInfo gunzipped with zlib, parsed and decoded into a Schema class; nothing of taxdoc"

const CURRENT_APPS: ReadonlyArray<App> = [
  {
    name: "taxdoc as the README shows it (`import { Effect, Layer } from \"effect\"`, `Undici.layer()`)",
    short: "index",
    file: "sdk-app-index.mjs",
    text: sdkApp([...INDEX, TAXDOC], TRANSPORT),
    project: "current",
    floor: "floor-index"
  },
  {
    name: "taxdoc, Effect imported by module (`effect/Effect`, `effect/Layer`, `Undici.layer()`)",
    short: "modules",
    file: "sdk-app-modules.mjs",
    text: sdkApp([...MODULES, TAXDOC], TRANSPORT),
    project: "current",
    floor: "floor-modules"
  },
  { name: "plain node:http client", short: "plain", file: "plain-app.mjs", text: PLAIN_APP, project: "current" },
  {
    name: `the least Effect client, written by hand (\`bench/support/least.ts\`: Effect by module, ${LEAST_NAME})`,
    short: "least",
    file: "least-app.mjs",
    text: LEAST_APP,
    project: "current",
    floor: "floor-modules"
  },
  // The Effect floors: a program that imports Effect as the app beside it does (and its Schema
  // module, which the answers need), and nothing of taxdoc. What an app takes above its floor is
  // taxdoc's own share of its start.
  {
    name: "Effect floor of the index app: `import { Effect, Layer } from \"effect\"` and `effect/Schema`, nothing sent",
    short: "floor-index",
    file: "floor-index.mjs",
    text: floorApp([...INDEX, SCHEMA]),
    project: "current"
  },
  {
    name: "Effect floor of the by-module app: `effect/Effect`, `effect/Layer`, `effect/Schema`, nothing sent",
    short: "floor-modules",
    file: "floor-modules.mjs",
    text: floorApp(MODULES_FLOOR),
    project: "current"
  },
  // Where the by-module app's share goes (information): the floor plus one part of what the app does.
  {
    name: "by-module floor + `import \"taxdoc\"`, nothing built or sent (information)",
    short: "part-import",
    file: "part-import.mjs",
    text: floorApp([...MODULES_FLOOR, "import { Cashbill, Taxdoc } from \"taxdoc\""]),
    project: "current",
    floor: "floor-modules"
  },
  {
    name: "by-module floor + the platform's undici client (`@effect/platform-node/NodeHttpClient`, what `Undici.layer()` is: undici with Node's http, Effect's `HttpClient`), zlib and crypto; nothing sent (information)",
    short: "part-undici",
    file: "part-undici.mjs",
    text: floorApp([...MODULES_FLOOR, PLATFORM_CLIENT, "await import(\"node:zlib\")", "await import(\"node:crypto\")"]),
    project: "current",
    floor: "floor-modules"
  },
  {
    name: "by-module floor + a first Effect run: 9 scoped services merged in a layer, a forked fiber, a sleep (information)",
    short: "part-effect",
    file: "part-effect.mjs",
    text: floorApp([
      ...MODULES_FLOOR,
      "import * as Context from \"effect/Context\"",
      "const keys = Array.from({ length: 9 }, (_, i) => Context.Service(`service${i}`))",
      "const services = Layer.mergeAll(...keys.map((key, i) => Layer.effect(key, Effect.acquireRelease(Effect.succeed({ i }), () => Effect.void))))",
      "await Effect.runPromise(Effect.provide(Effect.flatMap(keys[0], () => Effect.andThen(Effect.forkDetach(Effect.never), Effect.sleep(1))), services))"
    ]),
    project: "current",
    floor: "floor-modules"
  }
]

/**
 * Whether the earlier line runs on Effect 4, as this checkout does: then its project runs this
 * checkout's least and plain clients (they import only Effect's modules of the same names), so
 * that each line's share is taken above the same least client; on Effect 3, its own.
 */
const sameClients = (base: Checkout): boolean =>
  Number((JSON.parse(readFileSync(join(base.root, "node_modules/effect/package.json"), "utf8")) as { version: string }).version.split(".")[0]) >= 4

/** The earlier line's apps: its SDK as its README showed it and by module, its floors, the least client. */
const baseApps = (base: Checkout): ReadonlyArray<App> => {
  // Its README configured its own transport where it exports one (1.1 and the 0.1 line do); otherwise the platform's client.
  const [imports, transport] = /\bUndici\b/.test(readFileSync(join(base.root, "src/index.ts"), "utf8"))
    ? [[TAXDOC], TRANSPORT]
    : [[PLATFORM_CLIENT, "import { Cashbill, Taxdoc } from \"taxdoc\""], "NodeHttpClient.layerUndici"]
  return [
    {
      name: `${base.label} as its README showed it (\`import { Effect, Layer } from "effect"\`, \`${transport}\`)`,
      short: "base-index",
      file: "base-sdk-app-index.mjs",
      text: sdkApp([...INDEX, ...imports], transport),
      project: "base",
      floor: "base-floor-index"
    },
    {
      name: `${base.label}, Effect imported by module (\`${transport}\`)`,
      short: "base-modules",
      file: "base-sdk-app-modules.mjs",
      text: sdkApp([...MODULES, ...imports], transport),
      project: "base",
      floor: "base-floor-modules"
    },
    {
      name: sameClients(base)
        ? `the least Effect client in ${base.label}'s project (this checkout's \`bench/support/least.ts\`, on its Effect)`
        : `${base.label}'s least Effect client (its \`bench/support/least.ts\`, on its Effect)`,
      short: "base-least",
      file: "base-least-app.mjs",
      text: LEAST_APP,
      project: "base",
      floor: "base-floor-modules"
    },
    { name: `Effect floor of ${base.label}'s index app (its Effect)`, short: "base-floor-index", file: "base-floor-index.mjs", text: floorApp([...INDEX, SCHEMA]), project: "base" },
    { name: `Effect floor of ${base.label}'s by-module app (its Effect)`, short: "base-floor-modules", file: "base-floor-modules.mjs", text: floorApp(MODULES_FLOOR), project: "base" }
  ]
}

/** This checkout's project: the packed tarball and the peers installed, the apps written. */
const installCurrent = async (work: string): Promise<string> => {
  const app = await installPackage(work, "taxdoc-coldstart")
  for (const a of CURRENT_APPS) writeFileSync(join(app, a.file), a.text)
  copyFileSync(compiled("bench/support/plain.ts"), join(app, "plain.js"))
  copyFileSync(compiled("bench/support/least.ts"), join(app, "least.js"))
  return app
}

/** The earlier line's project (kept beside its worktree), its apps written, the plain and least clients copied (see `sameClients`). */
const installBase = async (base: Checkout, apps: ReadonlyArray<App>): Promise<string> => {
  const app = await installCheckout(base, "taxdoc-base")
  for (const a of apps) writeFileSync(join(app, a.file), a.text)
  const same = sameClients(base)
  for (const file of ["plain", "least"]) {
    copyFileSync(same ? compiled(`bench/support/${file}.ts`) : join(base.root, OUT_DIR, "bench/support", `${file}.js`), join(app, `${file}.js`))
  }
  return app
}

interface Start {
  /** From the spawn to the answer printed. */
  readonly millis: number
  /** CPU of the app's process until it printed, µs. */
  readonly cpuMicros: number
}

/** Spawns `node <file>` in `app` and times it until its answer is printed; then ends it. */
const start = (app: string, file: string, env: Record<string, string>, corpNum: string, mgtKey: string) => (): Promise<Start> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [file, corpNum, mgtKey], { cwd: app, env: plainEnv(env), stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    let answered = false
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk
      if (answered || !stdout.includes("\n")) return
      answered = true
      const millis = performance.now() - started
      child.kill()
      const answer = JSON.parse(stdout) as { mgtKey: string; stateCode: number; cpu: NodeJS.CpuUsage }
      if (answer.mgtKey !== mgtKey) reject(new Error(`${file} answered ${stdout}`))
      else resolve({ millis, cpuMicros: answer.cpu.user + answer.cpu.system })
    })
    child.on("error", reject)
    child.on("close", (code) => {
      if (!answered) reject(new Error(`${file} ended with ${code} before answering\n${stdout}\n${stderr}`))
    })
  })

const prepareBase = (): Promise<Checkout | undefined> => (BASE === undefined ? Promise.resolve(undefined) : prepare(BASE, { build: true }))

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "coldstart",
  limitMillis: 420_000,
  prepare: prepareBase,
  run: async () => {
    // dist/ and the command's bundle rebuilt first when stale.
    compiled("bench/clients/child.ts")
    const base = await prepareBase()
    const work = mkdtempSync(join(tmpdir(), "taxdoc-coldstart-"))
    try {
      log("npm pack, and the tarball installed with its peers into a scratch project")
      const installStarted = performance.now()
      const current = await installCurrent(work)
      const installMillis = performance.now() - installStarted
      const olderApps = base === undefined ? [] : baseApps(base)
      if (base !== undefined) log(`${base.label} packed and installed with its own peers (${peersOf(base.root).join(", ")}) into a project of its own`)
      const older = base === undefined ? undefined : await installBase(base, olderApps)
      const apps = [...CURRENT_APPS, ...olderApps]
      const head = git("rev-parse", "--short", "HEAD")
      return await withPreparedSandbox(Sdk.memberNumber(15), "CLD-0001", async (prepared) => {
        const env = { TAXDOC_LINK_ID: TESTER_LINK_ID, TAXDOC_SECRET_KEY: TESTER_SECRET, TAXDOC_AUTH_URL: prepared.server.url, TAXDOC_API_URL: prepared.server.url, TAXDOC_ENVIRONMENT: "test" }
        const samples = await alternate<Start>({
          rounds: ROUNDS,
          sides: apps.map((a) => ({ name: a.name, run: start(a.project === "current" ? current : older!, a.file, env, prepared.corpNum, prepared.mgtKey) })),
          onRound: (round, results) => log(`round ${round + 1}: ${results.map(([name, s]) => `${apps.find((a) => a.name === name)!.short} ${ms(s.millis)}`).join(", ")}`)
        })
        const runsOf = (short: string) => samples[apps.find((a) => a.short === short)!.name]!
        // The median of each round's difference between two apps: elapsed (ms) and CPU (µs).
        const pairedMillis = (runs: ReadonlyArray<Start>, other: ReadonlyArray<Start>) => medianOf(runs.map((s, i) => s.millis - other[i]!.millis), (d) => d)
        const pairedCpu = (runs: ReadonlyArray<Start>, other: ReadonlyArray<Start>) => medianOf(runs.map((s, i) => s.cpuMicros - other[i]!.cpuMicros), (d) => d)
        const plainRuns = runsOf("plain")
        const figures = apps.map((a) => {
          const runs = samples[a.name]!
          const floor = a.floor === undefined ? undefined : runsOf(a.floor)
          return {
            aboveFloor: floor === undefined ? Number.NaN : pairedMillis(runs, floor),
            cpuAboveFloor: floor === undefined ? Number.NaN : pairedCpu(runs, floor),
            name: a.name,
            short: a.short,
            millis: medianOf(runs, (s) => s.millis),
            fastest: Math.min(...runs.map((s) => s.millis)),
            slowest: Math.max(...runs.map((s) => s.millis)),
            cpu: medianOf(runs, (s) => s.cpuMicros),
            vsPlain: medianOf(runs.map((s, i) => s.millis / plainRuns[i]!.millis), (r) => r)
          }
        })
        const figure = (short: string) => figures.find((f) => f.short === short)!
        // An app's share above its floor, over the least client's share above its own floor, round
        // by round (for two apps on the same floor: the difference of the two apps).
        const aboveLeast = (app: string, least: string) => {
          const floorOf = (short: string) => runsOf(apps.find((a) => a.short === short)!.floor!)
          const [appRuns, appFloor, leastRuns, leastFloor] = [runsOf(app), floorOf(app), runsOf(least), floorOf(least)]
          return medianOf(appRuns.map((s, i) => (s.millis - appFloor[i]!.millis) - (leastRuns[i]!.millis - leastFloor[i]!.millis)), (d) => d)
        }
        const index = figure("index")
        const modules = figure("modules")
        const least = figure("least")
        const share = aboveLeast("index", "least")
        const shareByModule = aboveLeast("modules", "least")
        const baseShare = base === undefined ? Number.NaN : aboveLeast("base-index", "base-least")
        const baseShareByModule = base === undefined ? Number.NaN : aboveLeast("base-modules", "base-least")
        const baseLine = (text: string) => (base === undefined ? "" : `; ${base.label}: ${text}`)
        return {
          title: "4. Cold start: spawn → first answer, the installed package",
          method: [
            `\`npm pack\` of this checkout (dist/ rebuilt first when stale), the tarball installed into a scratch project outside the repository with its peers (${peersOf().join(", ")}, the versions installed here; \`npm install --prefer-offline\`), as \`test/package/pack.test.ts\` does (${ms(installMillis)} here).`,
            "Each app is spawned with `node app.mjs` (the benchmark's Node) in that project and does one GetInfo of a receipt against a sandbox server process: the SDK configured by `Taxdoc.layerConfig` from `TAXDOC_*` set to the sandbox's origin (the values `Connect.configOptions` gives) over `Undici.layer()`, with Effect imported from its index as the README shows and by module, token issued on the way; the plain client (`bench/support/plain.ts`, compiled) issuing its token with its own signature; the least Effect client written by hand (`bench/support/least.ts`).",
            "Beside them the Effect floors: a program that imports Effect the way the app does (the `effect` index, or `effect/Effect` and `effect/Layer` by module), and `effect/Schema` (the answers are Schema classes), prints the same line and sends nothing. An app's time above its floor (the median of each round's difference) is its own share of the start: its modules, the HTTP client, the layer, the token and the GetInfo.",
            `${base === undefined ? "No earlier line beside it (`BENCH_COLD_BASE=none`)." : `Beside this checkout's (${head}) apps, the same apps of ${base.label} (\`BENCH_COLD_BASE\`, default the release line of \`BENCH_RELEASE\`): its worktree built and packed, installed with its own peers (${peersOf(base.root).join(", ")} at the versions of its lockfile) into a project of its own, its SDK over the transport its README showed, ${
              sameClients(base) ? "the same least client as this checkout's (it runs on the same major version of Effect)" : "its own least client"
            } and floors on its Effect.`}`,
            "Measured from `spawn` to the answer's line on stdout (the process is then ended); CPU: the app's own `process.cpuUsage()` when it printed (less inflated by other work on the machine than elapsed time).",
            `Apps alternate within each round (order reversed every other round) after one warm-up round; ${ROUNDS} rounds; medians.`
          ],
          tables: [{
            title: `spawn → GetInfo answered (token included), medians of ${ROUNDS} rounds`,
            headers: ["app", "spawn → answer", "fastest", "slowest", "CPU until the answer", "above its Effect floor (CPU)", "spawn → answer vs plain client"],
            rows: figures.map((f) => [
              f.name,
              ms(f.millis),
              ms(f.fastest),
              ms(f.slowest),
              ms(f.cpu / 1000),
              Number.isNaN(f.aboveFloor) ? "–" : `${ms(f.aboveFloor)} (${ms(f.cpuAboveFloor / 1000)})`,
              ratio(f.vsPlain)
            ])
          }],
          targets: [
            {
              name: `taxdoc's share of a cold start as the README shows it (import, layer over \`Undici.layer()\`, first call with its token) above its Effect floor ≤ the least Effect client's share + ${SHARE_ABOVE_LEAST_MILLIS} ms (median of paired rounds)`,
              measured: `${ms(share)} above the least client's (taxdoc ${ms(index.aboveFloor)} above its floor, the least client ${ms(least.aboveFloor)} above its own; Effect imported by module: ${
                ms(shareByModule)
              }, taxdoc ${ms(modules.aboveFloor)} above the floor)${
                baseLine(`${ms(baseShare)} above its least client's (${ms(figure("base-index").aboveFloor)} against ${ms(figure("base-least").aboveFloor)}; by module ${ms(baseShareByModule)})`)
              }`,
              met: share <= SHARE_ABOVE_LEAST_MILLIS
            },
            {
              name: `cold start (spawn node on the installed package → one GetInfo answered, token included) ≤ ${TARGET_MILLIS} ms`,
              measured: `${ms(index.millis)} with Effect from its index, ${ms(modules.millis)} by module (plain client ${ms(figure("plain").millis)}; the by-module Effect floor alone ${
                ms(figure("floor-modules").millis)
              })${baseLine(`${ms(figure("base-index").millis)} as its README showed it, ${ms(figure("base-modules").millis)} by module`)}`,
              met: index.millis <= TARGET_MILLIS
            }
          ],
          notes: [
            `The Effect floor, which no app of this package answers before: ${ms(figure("floor-modules").millis)} by module, ${ms(figure("floor-index").millis)} through the \`effect\` index${
              baseLine(`${ms(figure("base-floor-modules").millis)} and ${ms(figure("base-floor-index").millis)} on its Effect`)
            }. What taxdoc adds above it: ${ms(modules.aboveFloor)} (${ms(modules.cpuAboveFloor / 1000)} of CPU) by module, ${ms(index.aboveFloor)} (${
              ms(index.cpuAboveFloor / 1000)
            } of CPU) through the index. Of the by-module app's share, importing taxdoc alone takes ${ms(figure("part-import").aboveFloor)}, loading the platform's undici client (undici, Node's http, Effect's \`HttpClient\`), zlib and crypto ${
              ms(figure("part-undici").aboveFloor)
            }, and a first run of Effect's runtime (layers, fibers, a timer; any Effect program pays it, but not the floor) ${
              ms(figure("part-effect").aboveFloor)
            }: the rest is the layer, the token and the GetInfo themselves (the domain's schemas, the request signed, two exchanges, the answer decoded).`,
            `The least Effect client (\`bench/support/least.ts\`, written by hand: ${LEAST_NAME}; no configuration, validation, retries, deadline or token cache) takes ${ms(least.aboveFloor)} (${
              ms(least.cpuAboveFloor / 1000)
            } of CPU) above the same by-module floor: that much of any share is Effect's runtime run for the first time, the platform's undici client and two exchanges, whatever the client. The README app's share above the least client's, round by round: ${
              ms(share)
            } (the by-module app's ${ms(shareByModule)}); that is what taxdoc's own code (its modules, configuration, validation, retries, deadlines and schemas) adds to a first call${baseLine(`${ms(baseShare)} (by module ${ms(baseShareByModule)})`)}.`
          ]
        }
      })
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
