/**
 * The SDK against its in-process sandbox, as the test suites run it, loaded from the sources of a
 * checkout (this one, or an earlier revision's worktree) through tsx: only the public entry points
 * (`src/index.ts`, `src/sandbox/index.ts`) and Effect modules whose names Effect 3 and Effect 4
 * share are used, so any revision that has them runs the same program, on its own Effect (in an
 * earlier revision's worktree this module is a copy there, bench/support/compile.ts `NEUTRAL`).
 * The client issues its document before it reports ready.
 *
 * @since 0.1.0
 */
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { Effect, Layer, ManagedRuntime } from "effect"
import { effectLoop } from "../support/effectLoop.js"
import { type Client, type ClientConfig, sampleReceipt } from "./protocol.js"

type Sdk = typeof import("../../src/index.js")
type SandboxEntry = typeof import("../../src/sandbox/index.js")

/**
 * The in-process client of `config` (`config.checkout` is the checkout).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = async (config: ClientConfig): Promise<Client> => {
  if (config.checkout === undefined) throw new Error("the in-process side needs the checkout whose sources it loads")
  const sdk = await import(pathToFileURL(join(config.checkout, "src/index.ts")).href) as Sdk
  const sandbox = await import(pathToFileURL(join(config.checkout, "src/sandbox/index.ts")).href) as SandboxEntry
  const runtime = ManagedRuntime.make(
    sdk.Taxdoc.services.pipe(
      Layer.provideMerge(sandbox.Connect.layerConfig()),
      Layer.provideMerge(sandbox.InProcess.layer({ members: [{ corpNum: config.corpNum }] }))
    )
  )
  const cashbill = await runtime.runPromise(sdk.Cashbill.Cashbill)
  await runtime.runPromise(cashbill.issue(config.corpNum, sampleReceipt(config.mgtKey, config.corpNum)))
  const getInfo = cashbill.getInfo(config.corpNum, config.mgtKey)
  return {
    run: (workload, load, keyOf) => {
      let n = 0
      const call = workload === "getInfo"
        ? getInfo
        : Effect.suspend(() => cashbill.issue(config.corpNum, sampleReceipt(keyOf(n++), config.corpNum)))
      return runtime.runPromise(effectLoop(load, call))
    },
    close: () => runtime.dispose()
  }
}
