/**
 * Cold start: the package as a user installs it (`npm pack`, the tarball installed with its peers
 * into a scratch project outside the repository, as `test/package/pack.test.ts` does), then
 * `node app.mjs` spawned there: it imports `taxdoc`, configures it for a running sandbox and does
 * one `Cashbill.getInfo`, token issuance included. Measured from the spawn to the answer printed;
 * the plain node:http client's app doing the same beside it, and the Effect floor of each app (a
 * program importing Effect the same way, nothing of taxdoc), sides alternating. Targets: taxdoc's
 * share above its floor ≤ 60 ms; the whole start ≤ 300 ms.
 *
 * @since 0.1.0
 */
import { spawn } from "node:child_process"
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { alternate, medianOf } from "./support/alternate.js"
import { plainEnv } from "./support/child.js"
import { withPreparedSandbox } from "./support/clients.js"
import { compiled } from "./support/compile.js"
import { git, withCheckout } from "./support/checkout.js"
import { install as installPackage, installRevision, PEERS } from "./support/installed.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, ratio } from "./support/stats.js"
import { TESTER_LINK_ID, TESTER_SECRET } from "../src/sandbox/Partners.js"

const ROUNDS = 8
// The revision whose by-module app runs beside this checkout's: before the SDK's layer was one.
const BASE = process.env["BENCH_COLD_BASE"] ?? "60bc13c"
const TARGET_MILLIS = 300
const SHARE_TARGET_MILLIS = 60

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

const MODULES_FLOOR = ["import * as Effect from \"effect/Effect\"", "import * as Layer from \"effect/Layer\"", "import * as Schema from \"effect/Schema\""]

// Imports what an app imports of Effect, the same way, and prints the line an app prints (the
// requested ID echoed; nothing asked): the Effect floor under that app.
const floorApp = (imports: ReadonlyArray<string>) =>
  [
    ...imports,
    "const [, mgtKey] = process.argv.slice(2)",
    "const info = { mgtKey, stateCode: 0 }",
    PRINT,
    ""
  ].join("\n")

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

const APPS = [
  {
    name: "taxdoc as the README shows (`Undici.layer()`, `import { Effect, Layer } from \"effect\"`)",
    short: "readme",
    file: "sdk-app.mjs",
    text: sdkApp(["import { Effect, Layer } from \"effect\"", "import { Cashbill, Taxdoc, Undici } from \"taxdoc\""], "Undici.layer()")
  },
  {
    name: "taxdoc, Effect imported by module (`effect/Effect`, `effect/Layer`)",
    short: "modules",
    file: "sdk-app-modules.mjs",
    text: sdkApp(["import * as Effect from \"effect/Effect\"", "import * as Layer from \"effect/Layer\"", "import { Cashbill, Taxdoc, Undici } from \"taxdoc\""], "Undici.layer()")
  },
  {
    name: "taxdoc over the platform's client (`@effect/platform-node/NodeHttpClient`; information)",
    short: "platform",
    file: "sdk-app-platform.mjs",
    text: sdkApp(
      ["import * as NodeHttpClient from \"@effect/platform-node/NodeHttpClient\"", "import { Effect, Layer } from \"effect\"", "import { Cashbill, Taxdoc } from \"taxdoc\""],
      "NodeHttpClient.layerUndici"
    )
  },
  {
    name: `the by-module app on revision ${BASE} (\`BENCH_COLD_BASE\`), installed beside this checkout's package`,
    short: "base",
    file: "sdk-app-base.mjs",
    text: sdkApp(["import * as Effect from \"effect/Effect\"", "import * as Layer from \"effect/Layer\"", "import { Cashbill, Taxdoc, Undici } from \"taxdoc-base\""], "Undici.layer()")
  },
  { name: "plain node:http client", short: "plain", file: "plain-app.mjs", text: PLAIN_APP },
  {
    name: "the least an Effect client over undici does, written by hand (`bench/support/least.ts`: Effect imported by module, undici's pool in a scoped layer, a signed token, one GetInfo decoded into a Schema class; nothing of taxdoc)",
    short: "least",
    file: "least-app.mjs",
    text: LEAST_APP
  },
  // The Effect floors: a program that imports Effect as the app beside it does (and its Schema
  // module, which the answers need), and nothing of taxdoc. What an app takes above its floor is
  // taxdoc's own share of its start.
  {
    name: "floor of the README's app: `import { Effect, Layer } from \"effect\"` and `effect/Schema`, nothing sent",
    short: "floor-readme",
    file: "floor-readme.mjs",
    text: floorApp(["import { Effect, Layer } from \"effect\"", "import * as Schema from \"effect/Schema\""])
  },
  {
    name: "floor of the by-module app: `effect/Effect`, `effect/Layer`, `effect/Schema`, nothing sent",
    short: "floor-modules",
    file: "floor-modules.mjs",
    text: floorApp(["import * as Effect from \"effect/Effect\"", "import * as Layer from \"effect/Layer\"", "import * as Schema from \"effect/Schema\""])
  },
  // Where the by-module app's share goes (information): the floor plus one part of what the app does.
  {
    name: "by-module floor + `import \"taxdoc\"`, nothing built or sent (information)",
    short: "part-import",
    file: "part-import.mjs",
    text: floorApp([...MODULES_FLOOR, "import { Cashbill, Taxdoc, Undici } from \"taxdoc\""])
  },
  {
    name: "by-module floor + undici's pool and Node's http, zlib and crypto, as the SDK loads them; nothing sent (information)",
    short: "part-undici",
    file: "part-undici.mjs",
    text: floorApp([
      ...MODULES_FLOOR,
      "import { createRequire } from \"node:module\"",
      "createRequire(createRequire(import.meta.url).resolve(\"@effect/platform-node/Undici\"))(\"undici/lib/dispatcher/agent.js\")",
      "await import(\"node:zlib\")",
      "await import(\"node:crypto\")"
    ])
  },
  {
    name: "by-module floor + a first Effect run: 9 scoped services merged in a layer, a forked fiber, a sleep (information)",
    short: "part-effect",
    file: "part-effect.mjs",
    text: floorApp([
      ...MODULES_FLOOR,
      "import * as Context from \"effect/Context\"",
      "const tags = Array.from({ length: 9 }, (_, i) => Context.GenericTag(`service${i}`))",
      "const services = Layer.mergeAll(...tags.map((tag, i) => Layer.scoped(tag, Effect.acquireRelease(Effect.succeed({ i }), () => Effect.void))))",
      "await Effect.runPromise(Effect.provide(Effect.flatMap(tags[0], () => Effect.zipRight(Effect.forkDaemon(Effect.never), Effect.sleep(1))), services))"
    ])
  }
]

/** The scratch project: the packed tarball and the peers installed, the apps written. */
const install = async (work: string): Promise<string> => {
  const app = await installPackage(work, "taxdoc-coldstart")
  for (const a of APPS) writeFileSync(join(app, a.file), a.text)
  copyFileSync(compiled("bench/support/plain.ts"), join(app, "plain.js"))
  copyFileSync(compiled("bench/support/least.ts"), join(app, "least.js"))
  return app
}

/** Revision `BASE` packed and installed into the scratch project as `taxdoc-base`; its short commit. */
const installBase = (app: string, work: string): Promise<string> =>
  withCheckout(BASE, async (dir, commit) => {
    await installRevision(app, work, dir, "taxdoc-base")
    return commit
  })

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

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "coldstart",
  limitMillis: 300_000,
  run: async () => {
    // dist/ and the command's bundle rebuilt first when stale.
    compiled("bench/clients/child.ts")
    const work = mkdtempSync(join(tmpdir(), "taxdoc-coldstart-"))
    try {
      log("npm pack, and the tarball installed with its peers into a scratch project")
      const installStarted = performance.now()
      const app = await install(work)
      log(`revision ${BASE} built, packed and installed beside it`)
      const baseCommit = await installBase(app, work)
      const head = git("rev-parse", "--short", "HEAD")
      const installMillis = performance.now() - installStarted
      return await withPreparedSandbox(Sdk.memberNumber(15), "CLD-0001", async (prepared) => {
        const env = { TAXDOC_LINK_ID: TESTER_LINK_ID, TAXDOC_SECRET_KEY: TESTER_SECRET, TAXDOC_AUTH_URL: prepared.server.url, TAXDOC_API_URL: prepared.server.url, TAXDOC_ENVIRONMENT: "test" }
        const samples = await alternate<Start>({
          rounds: ROUNDS,
          sides: APPS.map((a) => ({ name: a.name, run: start(app, a.file, env, prepared.corpNum, prepared.mgtKey) })),
          onRound: (round, results) => log(`round ${round + 1}: ${results.map(([name, s]) => `${APPS.find((a) => a.name === name)!.short} ${ms(s.millis)}`).join(", ")}`)
        })
        const runsOf = (short: string) => samples[APPS.find((a) => a.short === short)!.name]!
        // The median of each round's difference between two apps: elapsed (ms) and CPU (µs).
        const pairedMillis = (runs: ReadonlyArray<Start>, other: ReadonlyArray<Start>) => medianOf(runs.map((s, i) => s.millis - other[i]!.millis), (d) => d)
        const pairedCpu = (runs: ReadonlyArray<Start>, other: ReadonlyArray<Start>) => medianOf(runs.map((s, i) => s.cpuMicros - other[i]!.cpuMicros), (d) => d)
        const plainRuns = runsOf("plain")
        // Each SDK app's Effect floor: the program importing Effect the same way.
        const floorOf: Record<string, string> = {
          "readme": "floor-readme",
          "platform": "floor-readme",
          "modules": "floor-modules",
          "base": "floor-modules",
          "least": "floor-modules",
          "part-import": "floor-modules",
          "part-undici": "floor-modules",
          "part-effect": "floor-modules"
        }
        const figures = APPS.map((a) => {
          const runs = samples[a.name]!
          const floor = floorOf[a.short] === undefined ? undefined : runsOf(floorOf[a.short]!)
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
        const plain = figure("plain")
        const readme = figure("readme")
        const modules = figure("modules")
        const readmeFloor = figure("floor-readme")
        const modulesFloor = figure("floor-modules")
        const least = figure("least")
        // The by-module app against the earlier revision's and against the hand-written least client.
        const aboveBase = pairedMillis(runsOf("modules"), runsOf("base"))
        const cpuAboveBase = pairedCpu(runsOf("modules"), runsOf("base"))
        const aboveLeast = pairedMillis(runsOf("modules"), runsOf("least"))
        return {
          title: "4. Cold start: spawn → first answer, the installed package",
          method: [
            `\`npm pack\` of this checkout (dist/ rebuilt first when stale), the tarball installed into a scratch project outside the repository with its peers (${PEERS.join(", ")}, the versions installed here; \`npm install --prefer-offline\`), as \`test/package/pack.test.ts\` does (${ms(installMillis)} here).`,
            "Each app is spawned with plain `node app.mjs` in that project and does one GetInfo of a receipt against a sandbox server process: the SDK configured by `Taxdoc.layerConfig` from `TAXDOC_*` set to the sandbox's origin (the values `Connect.configOptions` gives) over its own transport `Undici.layer()` (as the README shows; once more with Effect imported by module rather than from the `effect` index, which loads every Effect module and fast-check, and once over the platform's `NodeHttpClient.layerUndici` for information), token issued on the way; the plain client (`bench/support/plain.ts`, compiled) issuing its token with its own signature.",
            "Beside them the Effect floors: a program that imports Effect the way the app does (the `effect` index, or `effect/Effect` and `effect/Layer` by module), and `effect/Schema` (the answers are Schema classes), prints the same line and sends nothing. An app's time above its floor (the median of each round's difference) is taxdoc's own share of the start: its modules, undici's pool, the layer, the token and the GetInfo.",
            "Measured from `spawn` to the answer's line on stdout (the process is then ended); CPU: the app's own `process.cpuUsage()` when it printed (less inflated by other work on the machine than elapsed time).",
            `Beside this checkout's (${head}) by-module app, the same app on revision ${baseCommit} (\`BENCH_COLD_BASE\`, default ${BASE}: a temporary git worktree, its library compiled, packed and installed into the same project as \`taxdoc-base\`).`,
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
              name: `taxdoc's share of a cold start (import, layer, first call with its token) above the Effect floor ≤ ${SHARE_TARGET_MILLIS} ms`,
              measured: `${ms(readme.aboveFloor)} as the README shows it (${ms(readme.millis)} against its floor's ${ms(readmeFloor.millis)}), ${ms(modules.aboveFloor)} with Effect imported by module (${ms(modules.millis)} against ${ms(modulesFloor.millis)}); the least an Effect client over undici does, by hand, takes ${ms(least.aboveFloor)} above the same floor`,
              met: readme.aboveFloor <= SHARE_TARGET_MILLIS
            },
            {
              name: `cold start (spawn node on the installed package → one GetInfo answered, token included) ≤ ${TARGET_MILLIS} ms`,
              measured: `${ms(readme.millis)} as the README shows it, ${ms(modules.millis)} with Effect imported by module (plain client ${ms(plain.millis)}; the by-module app's Effect floor alone ${ms(modulesFloor.millis)})`,
              met: readme.millis <= TARGET_MILLIS
            }
          ],
          notes: [
            `The Effect floor is not taxdoc's to remove: \`effect/Schema\` imports fast-check (through \`effect/FastCheck\`, for arbitraries), 239 modules of it, and the answers are Schema classes, so no app of this package answers before its floor (${ms(modulesFloor.millis)} by module, ${ms(readmeFloor.millis)} through the \`effect\` index here). What taxdoc adds above it: ${ms(readme.aboveFloor)} (${ms(readme.cpuAboveFloor / 1000)} of CPU) as the README shows it, ${ms(modules.aboveFloor)} (${ms(modules.cpuAboveFloor / 1000)} of CPU) by module. Of the by-module app's share, importing taxdoc alone takes ${ms(figure("part-import").aboveFloor)}, loading undici's pool and Node's http, zlib and crypto ${ms(figure("part-undici").aboveFloor)}, and a first run of Effect's runtime (layers, fibers, a timer; any Effect program pays it, but not the floor) ${ms(figure("part-effect").aboveFloor)}: the rest is the layer, the token and the GetInfo themselves (the domain's implementation and schemas loaded, the request signed, two exchanges, the answer decoded).`,
            `The least an Effect client of the service over undici does (\`bench/support/least.ts\`, written by hand: undici's pool in a scoped layer, a signed token, one GetInfo decoded into a Schema class; no configuration, validation, retries, deadline or token cache) takes ${ms(least.aboveFloor)} (${ms(least.cpuAboveFloor / 1000)} of CPU) above the same by-module floor: that much of any share is Effect's runtime run for the first time, undici and two exchanges, whatever the client. The by-module app above it, round by round: ${ms(aboveLeast)}; that is what taxdoc's own code (its modules, configuration, validation, retries, deadline and schemas) adds to a first call.`,
            `This checkout's by-module app against revision ${baseCommit}'s, round by round: ${ms(aboveBase)} (CPU ${ms(cpuAboveBase / 1000)}; negative: this checkout starts faster).`
          ]
        }
      })
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
