/**
 * A client process: `node child.js <config JSON>` (compiled, plain node) or, for the in-process
 * side, `node --import tsx child.ts <config JSON>`. It imports nothing itself: each side's module is
 * loaded when it is asked for, so another checkout can run this program with its own modules
 * (bench/support/compile.ts, `NEUTRAL`). It builds its side, checks it with one GetInfo
 * (token issued on the way where the side issues its own), says `ready`, then runs each workload it
 * is sent and answers what it measured: latencies and the CPU of this process over exactly the
 * measured window (after a full GC when `--expose-gc` is given). It ends on `stop` or when the
 * benchmark process goes away.
 *
 * @since 0.1.0
 */
import type { Client, ClientConfig, FromClient, ToClient } from "./protocol.js"

// Nothing is sent once the benchmark process has gone (it ended, or stopped at its limit).
const send = (message: FromClient) => {
  if (process.connected) process.send?.(message)
}

const build = async (config: ClientConfig): Promise<Client> => {
  switch (config.kind) {
    case "undici":
      return (await import("./undici.js")).make(config)
    case "plain":
      return (await import("./plain.js")).make(config)
    case "least":
      return (await import("./least.js")).make(config)
    case "platform":
      return (await import("./platform.js")).make(config, "undici")
    case "platform-node-http":
      return (await import("./platform.js")).make(config, "node:http")
    case "fetch":
      return (await import("./fetch.js")).make(config)
    case "sdk":
      return (await import("./sdk.js")).make(config)
    case "sdk-bare":
      return (await import("./sdk.js")).makeBare(config)
    case "sdk-platform":
      return (await import("./sdk.js")).makeOverPlatform(config)
    case "sdk-node-http":
      return (await import("./sdk.js")).makeOverNodeHttp(config)
    case "sdk-fetch":
      return (await import("./sdk.js")).makeOverFetch(config)
    case "inprocess":
      return (await import("./inprocess.js")).make(config)
    case "promise":
      return (await import("./promise.js")).make(config)
    case "sdk-run-promise":
      return (await import("./sdk.js")).makeRunPromise(config)
    case "sdk-and-promise":
      return (await import("./promise.js")).makeWithEffect(config)
    case "sdk-metrics":
      return (await import("./otel.js")).makeWithMetrics(config)
    case "sdk-otel":
      return (await import("./otel.js")).makeWithOtel(config)
  }
}

const gc = () => (globalThis as { gc?: () => void }).gc?.()

const main = async () => {
  const config = JSON.parse(process.argv[2] ?? "{}") as ClientConfig
  let client: Client
  try {
    client = await build(config)
    await client.run("getInfo", { concurrency: 1, total: 1, durationMillis: 60_000 }, () => "")
  } catch (error) {
    send({ _tag: "failed", error: error instanceof Error ? error.stack ?? error.message : String(error) })
    process.exit(1)
  }
  const stop = () => {
    client.close().finally(() => process.exit(0))
  }
  process.on("disconnect", stop)
  process.on("message", (message: ToClient) => {
    if (message._tag === "stop") return stop()
    gc()
    client.run(message.workload, message.load, (n) => `${message.keyPrefix}${n}`).then(
      (result) => send({ _tag: "result", id: message.id, result }),
      (error: unknown) => send({ _tag: "error", id: message.id, error: error instanceof Error ? error.stack ?? error.message : String(error) })
    )
  })
  send({ _tag: "ready" })
}

await main()
