/**
 * The Promise client: every service of the SDK in a `ManagedRuntime`, each method answering a
 * Promise (or, for paged searches, an async iterable) of the same decoded answer. Inputs are
 * validated before anything is sent, tokens are issued and renewed, transient faults retried and
 * lost answers settled exactly as in an Effect program, because the methods *are* the Effect
 * services' methods, run to a Promise.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Redacted from "effect/Redacted"
import type * as Runtime from "effect/Runtime"
import type * as Stream from "effect/Stream"
import * as Config from "../core/Config.js"
import * as Lazy from "../core/Lazy.js"
import * as Undici from "../core/Undici.js"
import * as Cashbill from "../domains/cashbill/Cashbill.js"
import * as Certificate from "../domains/certificate/Certificate.js"
import * as CompanyStatus from "../domains/companyStatus/CompanyStatus.js"
import * as Member from "../domains/member/Member.js"
import * as Statement from "../domains/statement/Statement.js"
import * as TaxPortal from "../domains/taxPortal/TaxPortal.js"
import * as Taxinvoice from "../domains/taxinvoice/Taxinvoice.js"
import type { MemberSeed, SandboxOptions } from "../sandbox/index.js"
import * as Taxdoc from "../Taxdoc.js"
import type { PromiseMethod, Promised, Slot } from "./Methods.js"
import { ClientClosedError, iterate, run } from "./Run.js"
import * as Slots from "./Slots.js"

/**
 * The options of `createClient`: those of the Effect SDK's configuration (`Config.Options`), the
 * secret key as the Base64 string it was issued as (it is wrapped as `Redacted` at once and never
 * logged), durations as milliseconds or text (`"30 seconds"`), and the connection pool's size.
 *
 * @since 0.1.0
 * @category models
 */
export interface ClientOptions extends Omit<Config.Options, "secretKey" | "retrySchedule"> {
  readonly secretKey: string
  /** The most connections per origin (default 64). */
  readonly connections?: number | undefined
  /** How long an idle connection stays open (default 4 seconds). */
  readonly keepAliveTimeout?: Duration.DurationInput | undefined
}

/**
 * The options of `createSandboxClient`: the members signed up from the start (registration numbers
 * or seeds), the sandbox's own options, and any configuration option but the addresses.
 *
 * @since 0.1.0
 * @category models
 */
export interface SandboxClientOptions extends Partial<Omit<ClientOptions, "authUrl" | "apiUrl" | "secretKey" | "connections" | "keepAliveTimeout">> {
  readonly members?: ReadonlyArray<string | MemberSeed> | undefined
  readonly sandbox?: Omit<SandboxOptions, "members"> | undefined
}

/**
 * The e-Tax invoice collection service in Promise form; `searchAll` and `collect` keep the item
 * type of the kind they are given.
 *
 * @since 0.1.0
 * @category models
 */
export type PromiseTaxPortal =
  & Omit<Promised<TaxPortal.Service>, "searchAll" | "collect">
  & {
    readonly searchAll: PromiseMethod<SearchAllOf<"taxinvoice">> & PromiseMethod<SearchAllOf<"cashbill">>
    readonly collect: PromiseMethod<CollectOf<TaxPortal.TaxinvoiceQuery>> & PromiseMethod<CollectOf<TaxPortal.CashbillQuery>>
  }

declare const service: TaxPortal.Service
type SearchAllOf<K extends TaxPortal.Kind> = typeof service.searchAll<K>
type CollectOf<Q extends TaxPortal.CollectQuery> = typeof service.collect<Q>

/**
 * The Promise client: the services grouped as the Effect services are, and `close`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Client {
  readonly member: Promised<Member.Service>
  readonly companyStatus: Promised<CompanyStatus.Service>
  readonly cashbill: Promised<Cashbill.Service>
  readonly statement: Promised<Statement.Service>
  readonly taxinvoice: Promised<Taxinvoice.Service>
  readonly certificate: Promised<Certificate.Service>
  readonly taxPortal: PromiseTaxPortal
  /** Releases the connection pool (and, for a sandbox client, the sandbox); later calls reject with `ClientClosedError`. */
  readonly close: () => Promise<void>
}

type AnyMethod = (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown> | Stream.Stream<unknown, unknown>
type AnySlot = readonly ["userId" | "options" | "append", number]

// An Effect progress callback from a plain one (a Promise it answers is awaited).
const callback = (f: (progress: unknown) => unknown) => (progress: unknown) => Effect.promise(() => Promise.resolve(f(progress)))

/** The Effect method's arguments from the Promise method's, and the call's signal. */
const split = (slot: AnySlot, args: ReadonlyArray<unknown>): { readonly args: ReadonlyArray<unknown>; readonly signal: AbortSignal | undefined } => {
  const [kind, at] = slot
  const given = args.slice(0, at)
  const options = args[at] as Readonly<Record<string, unknown>> | undefined
  const signal = options?.["signal"] as AbortSignal | undefined
  switch (kind) {
    case "append":
      return { args: given, signal }
    case "userId":
      return { args: [...given, options?.["userId"]], signal }
    case "options": {
      if (options === undefined) return { args: given, signal }
      const effectOptions: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(options)) {
        if (key === "signal") continue
        effectOptions[key] = typeof value === "function" ? callback(value as (progress: unknown) => unknown) : value
      }
      return { args: [...given, effectOptions], signal }
    }
  }
}

const wrapSecrets = (secretAt: number | undefined, args: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  secretAt === undefined || typeof args[secretAt] !== "string" ? args : args.map((arg, i) => (i === secretAt ? Redacted.make(arg as string) : arg))

interface Handle {
  /** The runtime once built (calls made after that skip the wait). */
  readonly current: () => Runtime.Runtime<Taxdoc.Services> | undefined
  readonly ready: () => Promise<Runtime.Runtime<Taxdoc.Services>>
  readonly closed: () => boolean
}

const closedError = () => new ClientClosedError({ message: "the client is closed (client.close() was called)" })

const promised = <I, S>(
  handle: Handle,
  tag: Context.Tag<I, S>,
  slots: { readonly [K in keyof S]: Slot<S[K]> },
  secrets: Readonly<Record<string, number>> = {}
): Promised<S> => {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(slots)) {
    const slot = slots[name as keyof S] as unknown as AnySlot
    const invoke = (runtime: Runtime.Runtime<Taxdoc.Services>, args: ReadonlyArray<unknown>) =>
      (Context.unsafeGet(runtime.context, tag) as unknown as Record<string, AnyMethod>)[name]!(...wrapSecrets(secrets[name], args))
    out[name] = (...promiseArgs: ReadonlyArray<unknown>) => {
      const { args, signal } = split(slot, promiseArgs)
      const ready = handle.current()
      if (ready === undefined) {
        // A method answering a stream is recognised by its slot owner: `searchAll` and `collect`.
        if (name === "searchAll" || name === "collect") {
          return iterate(handle.ready, () => invoke(handle.current()!, args) as Stream.Stream<unknown, unknown, never>, signal)
        }
        if (handle.closed()) return Promise.reject(closedError())
        return handle.ready().then((runtime) => run(runtime, invoke(runtime, args) as Effect.Effect<unknown, unknown>, signal))
      }
      if (name === "searchAll" || name === "collect") return iterate(handle.ready, () => invoke(ready, args) as Stream.Stream<unknown, unknown, never>, signal)
      if (handle.closed()) return Promise.reject(closedError())
      return run(ready, invoke(ready, args) as Effect.Effect<unknown, unknown>, signal)
    }
  }
  return out as Promised<S>
}

/**
 * A client over the services of `layer` (which must provide them all).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromLayer = <E>(layer: Layer.Layer<Taxdoc.Services, E>): Client => {
  const runtime = ManagedRuntime.make(layer)
  let built: Runtime.Runtime<Taxdoc.Services> | undefined
  let building: Promise<Runtime.Runtime<Taxdoc.Services>> | undefined
  let closed = false
  const handle: Handle = {
    current: () => (closed ? undefined : built),
    ready: () => {
      if (closed) return Promise.reject(closedError())
      building ??= runtime.runtime().then((r) => (built = r))
      return building
    },
    closed: () => closed
  }
  return {
    member: promised(handle, Member.Member, Slots.member),
    companyStatus: promised(handle, CompanyStatus.CompanyStatus, Slots.companyStatus),
    cashbill: promised(handle, Cashbill.Cashbill, Slots.cashbill),
    statement: promised(handle, Statement.Statement, Slots.statement),
    taxinvoice: promised(handle, Taxinvoice.Taxinvoice, Slots.taxinvoice),
    certificate: promised(handle, Certificate.Certificate, Slots.certificate),
    taxPortal: promised(handle, TaxPortal.TaxPortal, Slots.taxPortal, Slots.secrets.taxPortal) as unknown as PromiseTaxPortal,
    close: () => {
      closed = true
      return runtime.dispose()
    }
  }
}

const configOf = (options: ClientOptions | undefined): Config.TaxdocConfigShape => {
  if (options !== undefined) {
    const { connections: _connections, keepAliveTimeout: _keepAlive, secretKey, ...rest } = options
    return Config.make({ ...rest, secretKey: Redacted.make(secretKey) })
  }
  const read = Effect.runSync(Effect.either(Config.config))
  if (read._tag === "Right") return read.right
  throw new Config.ConfigInvalid({ field: "environment", reason: `(TAXDOC_* variables): ${String(read.left)}` })
}

/**
 * A client of the service configured by `options`, or by the `TAXDOC_*` variables when none are
 * given (README "Where requests go"), over the SDK's own transport (an undici pool). A configuration
 * problem throws `ConfigInvalid` at once, naming the field.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createClient = (options?: ClientOptions): Client => {
  const config = configOf(options)
  const transport = Undici.layer({ connections: options?.connections, keepAliveTimeout: options?.keepAliveTimeout })
  return fromLayer(Taxdoc.services.pipe(Layer.provide(Layer.succeed(Config.TaxdocConfig, config)), Layer.provide(transport)))
}

// The sandbox is loaded only by a program that asks for one.
const sandboxModule = Lazy.module<typeof import("../sandbox/index.js")>(import.meta.url, "../sandbox/index.js", () => import("../sandbox/index.js"))

/**
 * A client of a fresh sandbox in this process (no socket): the `TESTER` partner, the given members
 * signed up. Everything the sandbox holds goes with `close()`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createSandboxClient = (options: SandboxClientOptions = {}): Client => {
  const { members = [], sandbox = {}, ...config } = options
  const seeds = members.map((member) => (typeof member === "string" ? { corpNum: member } : member))
  return fromLayer(Layer.unwrapEffect(Effect.map(sandboxModule.get, ({ Connect, InProcess }) =>
    Taxdoc.services.pipe(
      Layer.provide(Connect.layerConfig(config)),
      Layer.provide(InProcess.layer({ ...sandbox, members: seeds }))
    )
  )))
}
