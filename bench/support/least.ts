/**
 * The least an Effect client of the service over undici does for one call, written out by hand for
 * the cold-start benchmark: an undici connection pool (from `@effect/platform-node/Undici`, the
 * undici the platform's client runs on) owned by a service built in a scoped layer, a token issued
 * with the plain client's request signed with `node:crypto` (`tokenRequest`), one GetInfo with it,
 * the answer gunzipped when it came compressed, parsed, and decoded into a Schema class. No
 * configuration, validation, retries, deadlines, token cache or error model.
 *
 * It measures what any Effect program that talks to the service over undici pays on its first call
 * above the Effect floor (Effect's runtime run for the first time, undici loaded, two exchanges), so
 * that the SDK's own share can be told from it. It imports only Effect, the platform's Node package
 * and the plain client beside it, so it also runs in the benchmark's scratch project, where both are
 * copied.
 *
 * @since 0.1.0
 */
import { Pool as UndiciPool } from "@effect/platform-node/Undici"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { gunzipSync } from "node:zlib"
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
  totalAmount: Schema.optional(Schema.NullOr(Schema.Union([Schema.String, Schema.Number]))),
  stateDT: Schema.optional(Schema.NullOr(Schema.String))
}) {}

interface PoolShape {
  readonly pool: UndiciPool
  readonly options: LeastOptions
}

class Pool extends Context.Service<Pool, PoolShape>()("bench/least/Pool") {}

const poolLayer = (options: LeastOptions): Layer.Layer<Pool> =>
  Layer.effect(
    Pool,
    Effect.acquireRelease(
      Effect.sync(() => ({ pool: new UndiciPool(options.origin, { connections: 64 }), options })),
      ({ pool }) => Effect.promise(() => pool.destroy())
    )
  )

// One exchange: the answer's body as JSON, gunzipped when it came compressed.
const exchange = (pool: PoolShape, method: "GET" | "POST", path: string, headers: Record<string, string>, body?: string) =>
  Effect.tryPromise({
    try: async () => {
      const response = await pool.pool.request({ method, path, headers, ...(body === undefined ? {} : { body }) })
      const data = Buffer.from(await response.body.arrayBuffer())
      const answer: unknown = JSON.parse((response.headers["content-encoding"] === "gzip" ? gunzipSync(data) : data).toString("utf8"))
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${JSON.stringify(answer)}`)
      return answer
    },
    catch: (cause) => (cause instanceof Error ? cause : new Error(String(cause)))
  })

// The token request signed as the plain client signs it.
const token = (pool: PoolShape, corpNum: string) => {
  const { path, headers, body } = tokenRequest({ ...pool.options, isTest: true }, corpNum)
  return Effect.map(exchange(pool, "POST", path, headers, body), (answer) => (answer as { readonly session_token: string }).session_token)
}

/**
 * One GetInfo of a cash receipt, its token issued first, over a pool built and closed for it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const getInfo = (options: LeastOptions, corpNum: string, mgtKey: string): Effect.Effect<Info, Error | Schema.SchemaError> =>
  Effect.gen(function*() {
    const pool = yield* Pool
    const session = yield* token(pool, corpNum)
    const answer = yield* exchange(pool, "GET", `/Cashbill/${mgtKey}`, { "authorization": `Bearer ${session}`, "accept-encoding": "gzip" })
    return yield* Schema.decodeUnknownEffect(Info)(answer)
  }).pipe(Effect.provide(poolLayer(options)))
