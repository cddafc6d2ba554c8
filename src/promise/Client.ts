/**
 * The Promise client: every service of the SDK in a `ManagedRuntime`, each method answering a
 * Promise (or, for paged searches, an async iterable) of the same decoded answer. Inputs are
 * validated before anything is sent, tokens are issued and renewed, transient faults retried and
 * lost answers settled exactly as in an Effect program, because the methods *are* the Effect
 * services' methods, run to a Promise.
 *
 * @since 0.1.0
 */
import type * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import * as Config from "../core/Config.js"
import { problemsOf } from "../core/ConfigProblems.js"
import * as Cashbill from "../domains/cashbill/Cashbill.js"
import * as Certificate from "../domains/certificate/Certificate.js"
import * as CompanyStatus from "../domains/companyStatus/CompanyStatus.js"
import * as Member from "../domains/member/Member.js"
import * as Statement from "../domains/statement/Statement.js"
import * as TaxPortal from "../domains/taxPortal/TaxPortal.js"
import * as Taxinvoice from "../domains/taxinvoice/Taxinvoice.js"
import type { MemberSeed } from "../sandbox/member/Seed.js"
import type { SandboxOptions } from "../sandbox/Sandbox.js"
import * as Taxdoc from "../Taxdoc.js"
import type { PromiseMethod, Promised, Slots } from "./Methods.js"
import { ClientClosedError, iterate, run } from "./Run.js"
import * as SlotTable from "./Slots.js"

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
  readonly keepAliveTimeout?: Duration.Input | undefined
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

type TaxPortalService = TaxPortal.TaxPortal["Service"]

/**
 * The e-Tax invoice collection service in Promise form; `searchAll` and `collect` keep the item
 * type of the kind they are given.
 *
 * @since 0.1.0
 * @category models
 */
export type PromiseTaxPortal =
  & Omit<Promised<TaxPortalService>, "searchAll" | "collect">
  & {
    readonly searchAll: PromiseMethod<SearchAllOf<"taxinvoice">> & PromiseMethod<SearchAllOf<"cashbill">>
    readonly collect: PromiseMethod<CollectOf<TaxPortal.TaxinvoiceQuery>> & PromiseMethod<CollectOf<TaxPortal.CashbillQuery>>
  }

declare const service: TaxPortalService
type SearchAllOf<K extends TaxPortal.Kind> = typeof service.searchAll<K>
type CollectOf<Q extends TaxPortal.CollectQuery> = typeof service.collect<Q>

/**
 * The Promise client: the services grouped as the Effect services are, and `close`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Client {
  readonly member: Promised<Member.Member["Service"]>
  readonly companyStatus: Promised<CompanyStatus.CompanyStatus["Service"]>
  readonly cashbill: Promised<Cashbill.Cashbill["Service"]>
  readonly statement: Promised<Statement.Statement["Service"]>
  readonly taxinvoice: Promised<Taxinvoice.Taxinvoice["Service"]>
  readonly certificate: Promised<Certificate.Certificate["Service"]>
  readonly taxPortal: PromiseTaxPortal
  /** Releases the connection pool (and, for a sandbox client, the sandbox); later calls reject with `ClientClosedError`. */
  readonly close: () => Promise<void>
}

type AnyMethod = (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown> | Stream.Stream<unknown, unknown>
type AnySlot = readonly ["userId" | "options" | "append", number, "stream"?]

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

/** How a client's calls run: in its runtime, or refused once it is closed. */
interface Runner {
  readonly call: <A, E>(effect: Effect.Effect<A, E, Taxdoc.Services>, signal: AbortSignal | undefined) => Promise<A>
  readonly stream: <A, E>(stream: Stream.Stream<A, E, Taxdoc.Services>, signal: AbortSignal | undefined) => AsyncIterable<A>
}

const closedError = () => new ClientClosedError({ message: "the client is closed (client.close() was called)" })

const promised = <I extends Taxdoc.Services, S>(
  runner: Runner,
  key: Context.Key<I, S>,
  slots: Slots<S>,
  secrets: Readonly<Record<string, number>> = {}
): Promised<S> => {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(slots)) {
    const slot = slots[name as keyof S] as unknown as AnySlot
    const invoke = (args: ReadonlyArray<unknown>) => (service: S) => (service as unknown as Record<string, AnyMethod>)[name]!(...wrapSecrets(secrets[name], args))
    out[name] = slot[2] === "stream"
      ? (...promiseArgs: ReadonlyArray<unknown>) => {
        const { args, signal } = split(slot, promiseArgs)
        return runner.stream(Stream.unwrap(Effect.map(key, invoke(args) as (service: S) => Stream.Stream<unknown, unknown>)), signal)
      }
      : (...promiseArgs: ReadonlyArray<unknown>) => {
        const { args, signal } = split(slot, promiseArgs)
        return runner.call(Effect.flatMap(key, invoke(args) as (service: S) => Effect.Effect<unknown, unknown>), signal)
      }
  }
  return out as Promised<S>
}

/**
 * A client over the services of `layer` (which must provide them all). The layer is built on the
 * first call, in the client's `ManagedRuntime`; `close()` disposes of it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromLayer = <E>(layer: Layer.Layer<Taxdoc.Services, E>): Client => {
  const runtime = ManagedRuntime.make(layer)
  let closed = false
  const call: Runner["call"] = (effect, signal) => (closed ? Promise.reject(closedError()) : run(runtime, effect, signal))
  const runner: Runner = {
    call,
    stream: (stream, signal) => iterate(() => call(Stream.toAsyncIterableEffect(stream), undefined), signal)
  }
  return {
    member: promised(runner, Member.Member, SlotTable.member),
    companyStatus: promised(runner, CompanyStatus.CompanyStatus, SlotTable.companyStatus),
    cashbill: promised(runner, Cashbill.Cashbill, SlotTable.cashbill),
    statement: promised(runner, Statement.Statement, SlotTable.statement),
    taxinvoice: promised(runner, Taxinvoice.Taxinvoice, SlotTable.taxinvoice),
    certificate: promised(runner, Certificate.Certificate, SlotTable.certificate),
    taxPortal: promised(runner, TaxPortal.TaxPortal, SlotTable.taxPortal, SlotTable.secrets.taxPortal) as unknown as PromiseTaxPortal,
    close: () => {
      closed = true
      return runtime.dispose()
    }
  }
}

const configOf = (options: ClientOptions | undefined): Config.TaxdocConfigShape => {
  if (options !== undefined) return Config.make({ ...withoutTransport(options), secretKey: Redacted.make(options.secretKey) })
  const read = Effect.runSync(Effect.result(Config.config))
  if (Result.isSuccess(read)) return read.success
  const [first, ...rest] = problemsOf(read.failure).map((p) => ({ field: p.variable, reason: p.problem === "not set" ? "is not set" : p.problem }))
  if (first === undefined) throw Config.invalid({ field: "environment", reason: `(TAXDOC_* variables): ${read.failure.message}` })
  throw new Config.ConfigInvalid({
    field: first.field,
    reason: first.reason,
    problems: [first, ...rest],
    note: "createClient() without options reads the TAXDOC_* variables: set them, or pass the options"
  })
}

const withoutTransport = ({ connections: _connections, keepAliveTimeout: _keepAlive, secretKey: _secretKey, ...rest }: ClientOptions) => rest

/**
 * A client of the service configured by `options`, or by the `TAXDOC_*` variables when none are
 * given (README "Where requests go"), over an undici connection pool (`Undici.layer()`). A configuration
 * problem throws `ConfigInvalid` at once, naming the field.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createClient = (options?: ClientOptions): Client => {
  const config = configOf(options)
  const pool = {
    connections: options?.connections ?? 64,
    keepAliveTimeout: Duration.toMillis(Duration.fromInputUnsafe(options?.keepAliveTimeout ?? "4 seconds"))
  }
  // The client is loaded with the layer: a program of sandbox clients never loads undici.
  const transport = Layer.unwrap(Effect.map(Effect.promise(() => import("../core/Undici.js")), (Undici) => Undici.layer(pool)))
  return fromLayer(Taxdoc.services.pipe(Layer.provide(Layer.succeed(Config.TaxdocConfig, config)), Layer.provide(transport)))
}

/**
 * A client of a fresh sandbox in this process (no socket): the `TESTER` partner, the given members
 * signed up. The sandbox's module is loaded on the first call; everything the sandbox holds goes
 * with `close()`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createSandboxClient = (options: SandboxClientOptions = {}): Client => {
  const { members = [], sandbox = {}, ...config } = options
  const seeds = members.map((member) => (typeof member === "string" ? { corpNum: member } : member))
  return fromLayer(Taxdoc.layerSandbox({ ...config, sandbox: { ...sandbox, members: seeds } }))
}
