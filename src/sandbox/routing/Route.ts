/**
 * The contract between the sandbox kernel and its per-domain handlers. A domain implements the
 * operations of the catalogue by reference — `implement(Operations.GetInfo, handler)` — so the
 * path, selectors, scope and body schema are those of the one declaration the SDK also reads; the
 * handler's answer is type-checked against the encoded side of the declared success schema. The
 * kernel routes (see `Router.ts`), authenticates, checks the scope, applies injected faults and
 * renders answers.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import type * as Stream from "effect/Stream"
import type * as Operation from "../../core/Operation.js"
import type { SandboxClock } from "../Clock.js"
import { fail, type SandboxFailure } from "../Failure.js"
import * as LenientJson from "./LenientJson.js"
import { readUpload } from "./Multipart.js"
import type { Progressions } from "../Progression.js"
import type { Environment, SandboxStore } from "../Store.js"
import { decoderOf, issuesOf } from "../../core/Validation.js"

/**
 * What a handler sees of the request.
 *
 * @since 0.1.0
 * @category models
 */
export interface RouteRequest {
  readonly method: "GET" | "POST"
  /** The path as sent, below the environment prefix. */
  readonly path: string
  /** Path parameters named in the route pattern, in their original case (URL-decoded). */
  readonly params: Readonly<Record<string, string>>
  /** Query parameters; a flag such as `?Detail` is present with an empty value. */
  readonly query: URLSearchParams
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  /** The exact body bytes received (digests are checked over these). */
  readonly body: Uint8Array
  /** `X-HTTP-Method-Override`, upper-cased, when sent. */
  readonly override: string | undefined
  readonly language: "ko" | "en"
  readonly environment: Environment
  readonly remoteAddress: string
  /** The operation the request was routed to. */
  readonly operation: Operation.Any
  /** `true` when its route writes (`implement`), `false` when it reads (`read`). */
  readonly writes: boolean
}

/**
 * The authenticated caller, from the bearer token.
 *
 * @since 0.1.0
 * @category models
 */
export interface Caller {
  readonly linkId: string
  readonly corpNum: string
  /** `X-SVC-UserID`, when sent. */
  readonly userId: string | undefined
  readonly scopes: ReadonlyArray<string>
  readonly environment: Environment
}

/**
 * A JSON answer (status 200 unless given) whose body is a `T`.
 *
 * @since 0.1.0
 * @category models
 */
export interface JsonAnswer<out T> {
  readonly _tag: "Json"
  readonly status?: number
  readonly body: T
  /** The body's bytes, when they are kept with it (`Encoded.keep`): sent instead of encoding the body again. */
  readonly encoded?: EncodedBody | undefined
}

/**
 * The bytes of a JSON body kept with it, plain and gzip-encoded (see `Encoded.Body`).
 *
 * @since 1.0.0
 * @category models
 */
export interface EncodedBody {
  readonly bytes: Uint8Array
  readonly gzipped: Uint8Array
}

/**
 * A PDF answer.
 *
 * @since 0.1.0
 * @category models
 */
export interface PdfAnswer {
  readonly _tag: "Pdf"
  readonly bytes: Uint8Array
}

/**
 * An HTML page of the sandbox portal (never an operation's answer).
 *
 * @since 0.1.0
 * @category models
 */
export interface HtmlAnswer {
  readonly _tag: "Html"
  readonly status: number
  readonly html: string
  /** The page's own headers (its Content-Security-Policy and the like). */
  readonly headers: Readonly<Record<string, string>>
}

/**
 * A stream of server-sent events of the sandbox's pages (`text/event-stream`): the first events,
 * sent at once, then the rest as they happen. A socket edge streams it; the in-process client,
 * which hands over whole bodies, answers the first events and ends.
 *
 * @since 1.1.0
 * @category models
 */
export interface EventsAnswer {
  readonly _tag: "Events"
  readonly headers: Readonly<Record<string, string>>
  readonly first: string
  readonly next: Stream.Stream<string>
}

/**
 * An answer: JSON, a PDF document, a page, or a stream of a page's events.
 *
 * @since 0.1.0
 * @category models
 */
export type RouteResponse = JsonAnswer<unknown> | PdfAnswer | HtmlAnswer | EventsAnswer

/**
 * The answer an implementation of `O` gives: JSON shaped as the encoded side of its success
 * schema, or a PDF.
 *
 * @since 0.1.0
 * @category models
 */
export type Answer<O extends Operation.Any> = O["success"] extends "pdf" ? PdfAnswer : JsonAnswer<Operation.SuccessEncoded<O>>

/**
 * The services a handler may use.
 *
 * @since 0.1.0
 * @category models
 */
export type RouteContext = SandboxClock | SandboxStore | Progressions

/**
 * What the handler of `O` sees: the request, and its body decoded with the declared schema (the
 * same schema the SDK validates with, without the clock-dependent rules, which the sandbox judges
 * on its own clock).
 *
 * @since 0.1.0
 * @category models
 */
export interface OperationRequest<O extends Operation.Any> extends Omit<RouteRequest, "params"> {
  /** The path parameters the declaration's template names (`{mgtKey}` → `params.mgtKey`), as received. */
  readonly params: PathParamsOf<O>
  /** The body, decoded with the declared body schema. */
  readonly input: Effect.Effect<BodyType<O>, SandboxFailure>
  /** The declared parameters (path, query, headers), decoded with the declared params schema. */
  readonly parameters: Effect.Effect<O["params"]["Type"], SandboxFailure>
}

/**
 * The path parameters of `O`, by the names in its path template.
 *
 * @since 0.1.0
 * @category models
 */
export type PathParamsOf<O extends Operation.Any> = { readonly [K in Operation.PathParams<O["path"]>]: string }

/**
 * The decoded body type of `O`.
 *
 * @since 0.1.0
 * @category models
 */
export type BodyType<O extends Operation.Any> = O["body"] extends { readonly schema: infer S extends Operation.AnyCodec } ? S["Type"] : undefined

/**
 * Whether a route reads or writes: a write's changes are saved (a durable sandbox) before its
 * answer and signalled to the pages that follow the sandbox; a read marks nothing changed and is
 * answered from the state as of now.
 *
 * @since 1.1.0
 * @category models
 */
export type Kind = "read" | "write"

/**
 * An operation of the catalogue (or a page of the sandbox) with its handler.
 *
 * @since 0.1.0
 * @category models
 */
export interface Route {
  readonly operation: Operation.Any
  readonly kind: Kind
  readonly handle: (request: RouteRequest, caller: Caller) => Effect.Effect<RouteResponse, SandboxFailure, RouteContext>
}

/**
 * What a handler of `O` is.
 *
 * @since 1.1.0
 * @category models
 */
export type Handler<O extends Operation.Any> = (request: OperationRequest<O>, caller: Caller) => Effect.Effect<Answer<O>, SandboxFailure, RouteContext>

/** A request with its declared body and parameters, decoded when asked for. */
class DeclaredRequest {
  declare readonly operation: Operation.Any
  constructor(request: RouteRequest) {
    Object.assign(this, request)
  }
  get input(): Effect.Effect<unknown, SandboxFailure> {
    return declaredBody(this.operation, this as unknown as RouteRequest)
  }
  get parameters(): Effect.Effect<unknown, SandboxFailure> {
    return Effect.suspend(() => decodeValue(declaredParams(this.operation, this as unknown as RouteRequest), this.operation.params))
  }
}

// The router matched the request to the declaration's template: every parameter it names is there,
// and its body and parameters decode with the declared schemas.
const route = <O extends Operation.Any>(kind: Kind, operation: O, handle: Handler<O>): Route => ({
  operation,
  kind,
  handle: (request, caller) => handle(new DeclaredRequest(request) as unknown as OperationRequest<O>, caller)
})

/**
 * Implements `operation` as a write: the router sends it the requests that match the declaration,
 * and what it changes is saved before its answer.
 *
 * @since 0.1.0
 * @category constructors
 */
export const implement = <O extends Operation.Any>(operation: O, handle: Handler<O>): Route => route("write", operation, handle)

/**
 * Implements `operation` as a read: it answers from the state as of now and marks nothing changed.
 *
 * @since 1.1.0
 * @category constructors
 */
export const read = <O extends Operation.Any>(operation: O, handle: Handler<O>): Route => route("read", operation, handle)

const queryValue = (query: URLSearchParams, name: string): string | undefined => {
  const exact = query.get(name)
  if (exact !== null) return exact
  const lower = name.toLowerCase()
  for (const [key, value] of query) if (key.toLowerCase() === lower) return value
  return undefined
}

/** The values of the declared parameters, as received (query names in any case). */
const declaredParams = (operation: Operation.Any, request: Pick<RouteRequest, "params" | "query" | "headers">): Record<string, string> => {
  const values: Record<string, string> = { ...request.params }
  for (const item of operation.query) {
    if (item._tag !== "FromParam") continue
    const value = queryValue(request.query, item.name)
    if (value !== undefined) values[item.param] = value
  }
  for (const [header, param] of Object.entries(operation.headers)) {
    const value = request.headers[header]
    if (value !== undefined) values[param] = value
  }
  return values
}

const formFields = (body: Uint8Array): Record<string, string> => {
  // The clients send AssignMgtKey as `MgtKey=<value>`, the value not URL-encoded; a client that
  // encodes it is understood too.
  const fields: Record<string, string> = {}
  for (const pair of new TextDecoder().decode(body).split("&")) {
    if (pair === "") continue
    const at = pair.indexOf("=")
    const key = at < 0 ? pair : pair.slice(0, at)
    const value = at < 0 ? "" : pair.slice(at + 1)
    fields[safeDecode(key.replace(/\+/g, " "))] = safeDecode(value)
  }
  return fields
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

const isBlank = (body: Uint8Array): boolean => body.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d)

const acceptsEmptyObject = (schema: Operation.AnyCodec): boolean => Result.isSuccess(Schema.decodeUnknownResult(schema)({}))

const declaredBody = (operation: Operation.Any, request: RouteRequest): Effect.Effect<unknown, SandboxFailure> => {
  const body = operation.body
  switch (body._tag) {
    case "None":
      return Effect.succeed(undefined)
    case "Json":
      // Some clients send a body-less POST (`Content-Length: 0`) where a JSON object with
      // only optional fields is declared (statement Cancel): an empty body stands for `{}` when the
      // schema accepts `{}`; otherwise it is still a malformed request.
      return isBlank(request.body) && acceptsEmptyObject(body.schema) ? decodeValue({}, body.schema) : decodeBody(request, body.schema)
    case "JsonArray":
      return decodeBody(request, body.schema)
    case "Form":
      return decodeValue(formFields(request.body), body.schema)
    case "Multipart":
      return Effect.flatMap(readUpload(request.headers["content-type"], request.body), (upload) => decodeValue(upload, body.schema))
  }
}

/**
 * The caller handed to operations called without a token.
 *
 * @since 0.1.0
 * @category constants
 */
export const anonymous = (environment: Environment): Caller => ({
  linkId: "",
  corpNum: "",
  userId: undefined,
  scopes: [],
  environment
})

/**
 * A JSON answer with status 200.
 *
 * @since 0.1.0
 * @category constructors
 */
export const json = <T>(body: T): JsonAnswer<T> => ({ _tag: "Json", body })

/**
 * The message of a success in a language.
 *
 * @since 1.1.0
 * @category constructors
 */
export const successMessage = (language: "ko" | "en"): string => (language === "en" ? "Success" : "성공")

/**
 * The generic success result `{code: 1, message}`, with the fields of `extra` (a document's
 * numbers) after them.
 *
 * @since 0.1.0
 * @category constructors
 */
export const success = <E extends object = {}>(
  request: Pick<RouteRequest, "language">,
  extra?: E
): JsonAnswer<{ readonly code: number; readonly message: string } & E> =>
  json({ code: 1, message: successMessage(request.language), ...extra } as { readonly code: number; readonly message: string } & E)

/**
 * A PDF answer.
 *
 * @since 0.1.0
 * @category constructors
 */
export const pdf = (bytes: Uint8Array): PdfAnswer => ({ _tag: "Pdf", bytes })

const decoder = new TextDecoder("utf-8", { fatal: true })

const parsedBody = (request: RouteRequest, parse: (text: string) => unknown): Effect.Effect<unknown, SandboxFailure> =>
  request.body.length === 0 ? Effect.fail(fail("InvalidRequest", "the body is missing")) : Effect.try({
    try: () => parse(decoder.decode(request.body)),
    catch: () => fail("MalformedJson")
  })

/**
 * The body parsed as JSON; `InvalidRequest` when there is none, `MalformedJson` when it is not UTF-8 JSON.
 *
 * @since 0.1.0
 * @category combinators
 */
export const bodyJson = (request: RouteRequest): Effect.Effect<unknown, SandboxFailure> => parsedBody(request, JSON.parse)

/**
 * The body decoded with a domain schema, read as the service reads a body it is lenient with: JSON,
 * or keys and strings in single quotes (`LenientJson.ts`). For the operations the service is known
 * to be lenient with only.
 *
 * @since 0.1.0
 * @category combinators
 */
export const decodeLenientBody = <A, I>(request: RouteRequest, schema: Schema.Codec<A, I, never, never>): Effect.Effect<A, SandboxFailure> =>
  Effect.flatMap(parsedBody(request, LenientJson.parse), (input) => decodeValue(input, schema))

/**
 * The body decoded with a domain schema; `InvalidField` naming the first broken field and rule.
 * The sandbox reuses the domains' input schemas, so it refuses exactly what the SDK refuses.
 *
 * @since 0.1.0
 * @category combinators
 */
export const decodeBody = <A, I>(request: RouteRequest, schema: Schema.Codec<A, I, never, never>): Effect.Effect<A, SandboxFailure> =>
  Effect.flatMap(bodyJson(request), (input) => decodeValue(input, schema))

/**
 * A value decoded with a schema; `InvalidField` naming the first broken field and rule.
 *
 * @since 0.1.0
 * @category combinators
 */
export const decodeValue = <A, I>(input: unknown, schema: Schema.Codec<A, I, never, never>): Effect.Effect<A, SandboxFailure> =>
  Effect.suspend(() => Result.match(decodeResult(input, schema), { onFailure: Effect.fail, onSuccess: Effect.succeed }))

/** How the service reads bodies: every broken rule reported, unknown fields ignored. */
const bodyOptions: SchemaAST.ParseOptions = { errors: "all", onExcessProperty: "ignore" }

/**
 * `decodeValue` as a `Result`, for code that stays synchronous (e.g. each item of a bulk
 * submission, processed in one state change).
 *
 * @since 1.0.0
 * @category combinators
 */
export const decodeResult = <A, I>(input: unknown, schema: Schema.Codec<A, I, never, never>): Result.Result<A, SandboxFailure> => {
  return Result.mapError(decoderOf(schema, bodyOptions)(input), (error) => {
    const detail = issuesOf(error).map((i) => `${i.path || "body"}: ${i.rule}`).join("; ")
    return fail("InvalidField", detail)
  })
}
