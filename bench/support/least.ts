/**
 * The least an Effect client of the service over undici does for one call, written out by hand for
 * the cold-start benchmark: undici's connection pool (the same module the SDK loads) owned by a
 * scoped layer, a token issued with the plain client's signed request (`tokenRequest`), one GetInfo
 * with it, the answer gunzipped when it came compressed, parsed, and decoded into a Schema class. No
 * configuration, validation, retries, deadlines, token cache or error model.
 *
 * It measures what any Effect program that talks to the service over undici pays on its first call
 * above the Effect floor (Effect's runtime run for the first time, undici loaded, two exchanges), so
 * that the SDK's own share can be told from it. It imports only Effect, Node (undici through the
 * platform's Node package) and the plain client beside it, so it also runs in the benchmark's
 * scratch project, where both are copied.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ParseError } from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { createRequire } from "node:module"
import { gunzipSync } from "node:zlib"
import type * as Undici from "undici"
import { tokenRequest } from "./plain.js"

/**
 * Where the client goes and as whom.
 *
 * @since 0.1.0
 * @category models
 */
export interface LeastOptions {
  readonly linkId: string
  /** Base64, as the partner is given it. */
  readonly secretKey: string
  /** The origin of the token service and of the API (one sandbox in the benchmark). */
  readonly origin: string
}

/**
 * The fields of a receipt's information that the benchmark prints, decoded as the SDK's answers are:
 * a Schema class.
 *
 * @since 0.1.0
 * @category models
 */
export class Info extends Schema.Class<Info>("Info")({
  mgtKey: Schema.String,
  stateCode: Schema.Number,
  itemKey: Schema.optional(Schema.NullOr(Schema.String)),
  tradeDate: Schema.optional(Schema.NullOr(Schema.String)),
  confirmNum: Schema.optional(Schema.NullOr(Schema.String)),
  totalAmount: Schema.optional(Schema.NullOr(Schema.Union(Schema.String, Schema.Number))),
  stateDT: Schema.optional(Schema.NullOr(Schema.String))
}) {}

interface Pool {
  readonly agent: Undici.Agent
  readonly options: LeastOptions
}

const Pool = Context.GenericTag<Pool>("bench/least/Pool")

const poolLayer = (options: LeastOptions): Layer.Layer<Pool> =>
  Layer.scoped(
    Pool,
    Effect.acquireRelease(
      Effect.sync(() => {
        const undici = createRequire(createRequire(import.meta.url).resolve("@effect/platform-node/Undici"))
        const Agent = undici("undici/lib/dispatcher/agent.js") as typeof Undici.Agent
        return { agent: new Agent({ connections: 64 }), options }
      }),
      ({ agent }) => Effect.promise(() => agent.destroy())
    )
  )

// One exchange: the answer's body as JSON, gunzipped when it came compressed.
const exchange = (pool: Pool, method: "GET" | "POST", path: string, headers: Record<string, string>, body?: string) =>
  Effect.async<unknown, Error>((resume) => {
    const chunks: Array<Buffer> = []
    let status = 0
    let gzip = false
    pool.agent.dispatch({ origin: pool.options.origin, method, path, headers, ...(body === undefined ? {} : { body }) }, {
      onConnect: () => undefined,
      onHeaders: (statusCode, raw) => {
        status = statusCode
        for (let i = 0; i < raw.length; i += 2) {
          if (raw[i]!.toString().toLowerCase() === "content-encoding" && raw[i + 1]!.toString() === "gzip") gzip = true
        }
        return true
      },
      onData: (chunk) => {
        chunks.push(chunk)
        return true
      },
      onComplete: () => {
        const data = Buffer.concat(chunks)
        const answer: unknown = JSON.parse((gzip ? gunzipSync(data) : data).toString("utf8"))
        resume(status === 200 ? Effect.succeed(answer) : Effect.fail(new Error(`HTTP ${status}: ${JSON.stringify(answer)}`)))
      },
      onError: (error) => resume(Effect.fail(error))
    })
  })

// The token request signed as the plain client signs it.
const token = (pool: Pool, corpNum: string) => {
  const { path, headers, body } = tokenRequest({ ...pool.options, isTest: true }, corpNum)
  return Effect.map(exchange(pool, "POST", path, headers, body), (answer) => (answer as { readonly session_token: string }).session_token)
}

/**
 * One GetInfo of a cash receipt, its token issued first, over a pool built and closed for it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const getInfo = (options: LeastOptions, corpNum: string, mgtKey: string): Effect.Effect<Info, Error | ParseError> =>
  Effect.gen(function*() {
    const pool = yield* Pool
    const session = yield* token(pool, corpNum)
    const answer = yield* exchange(pool, "GET", `/Cashbill/${mgtKey}`, { "authorization": `Bearer ${session}`, "accept-encoding": "gzip" })
    return yield* Schema.decodeUnknown(Info)(answer)
  }).pipe(Effect.provide(poolLayer(options)))
