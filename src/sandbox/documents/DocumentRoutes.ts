/**
 * The document-query routes every kind of document has, written once (cash receipts, e-Tax
 * invoices, statements): GetInfo and GetDetailInfo of one document, GetInfos of many (unknown
 * document IDs left out, the others in the order asked), the URL operations of one document and
 * mass print of many, each link minted by `PortalLinks.url`. A kind says how a request names a
 * document, how to find it, what a query sees of it and its records.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type * as Operation from "../../core/Operation.js"
import { arrayOf } from "./AnswerCache.js"
import type { SandboxFailure } from "../Failure.js"
import type { MemberView } from "../HandlerContext.js"
import { type DocumentPage, type Target, url } from "./PortalLinks.js"
import { type Answer, implement, json, type JsonAnswer, read, type Route, type RouteRequest } from "../routing/Route.js"

/** A request as the queries see it: its path parameters, and the declared ones decoded. */
export interface QueryRequest extends RouteRequest {
  readonly parameters: Effect.Effect<unknown, SandboxFailure>
}

/**
 * How one kind of document is queried: `K` names a document (its document ID and what scopes it),
 * `D` is the stored document, `C` the member's context.
 */
export interface Queries<C, K, D> {
  readonly view: MemberView<C>
  /**
   * How a request names documents: the key of the document ID in its path, or of `mgtKey` (one of
   * GetInfos' or mass print's body), in what the path says of it (an item code, a kind of ID).
   */
  readonly keys: (request: QueryRequest) => Effect.Effect<(mgtKey?: string) => K, SandboxFailure>
  readonly find: (ctx: C, key: K) => Result.Result<D, SandboxFailure>
  /** What a query sees of a document: its progress as of now, the query counted as a poll. */
  readonly observe: (ctx: C, document: D) => D
  readonly status: (ctx: C, document: D, language: "ko" | "en") => JsonAnswer<unknown>
  readonly detail: (ctx: C, document: D) => JsonAnswer<unknown>
  readonly itemKey: (document: D) => string
  /** The target of a page showing documents of `corpNum` (their item keys). */
  readonly target: (corpNum: string, page: DocumentPage, key: K | undefined, itemKeys: ReadonlyArray<string>) => Target
  /** What handing out a link does to the documents (a printed statement is marked printed). */
  readonly linked?: (page: DocumentPage, documents: ReadonlyArray<D>) => void
}

type WithBody = Operation.Any & { readonly body: { readonly schema: Operation.AnyCodec } }

/** An answer of one of the operations: each kind's records are typed against its own schemas. */
const answer = (json: JsonAnswer<unknown>): Answer<Operation.Any> => json as unknown as Answer<Operation.Any>

const observed = <C, K, D>(q: Queries<C, K, D>, ctx: C, key: K) => Result.map(q.find(ctx, key), (document) => q.observe(ctx, document))

const linkRoute = <C, K, D>(
  q: Queries<C, K, D>,
  operation: Operation.Any,
  page: DocumentPage,
  keys: (request: QueryRequest) => Effect.Effect<ReadonlyArray<K>, SandboxFailure>
): Route =>
  implement(operation, (request, caller) =>
    Effect.flatMap(keys(request), (found) =>
      q.view(request, caller.corpNum, (ctx) =>
        Result.map(Result.all(found.map((key) => q.find(ctx, key))), (documents) => {
          q.linked?.(page, documents)
          return q.target(caller.corpNum, page, found[0], documents.map(q.itemKey))
        })).pipe(Effect.flatMap((target) => url(request, target)), Effect.map((link) => answer(json({ url: link }))))))

const many = <C, K, D>(q: Queries<C, K, D>) => (request: QueryRequest & { readonly input: Effect.Effect<unknown, SandboxFailure> }) =>
  Effect.zipWith(q.keys(request), request.input, (keyOf, mgtKeys) => (mgtKeys as ReadonlyArray<string>).map((mgtKey) => keyOf(mgtKey)))

/**
 * The query routes of a kind: GetInfo, GetInfos, GetDetailInfo (reads), the URL operations of one
 * document (`urls`, each with its page) and mass print (writes: a link is minted).
 */
export const queryRoutes = <C, K, D>(q: Queries<C, K, D>, operations: {
  readonly getInfo: Operation.Any
  readonly getInfos: WithBody
  readonly getDetailInfo: Operation.Any
  readonly urls: ReadonlyArray<readonly [Operation.Any, DocumentPage]>
  readonly massPrint: WithBody
}): ReadonlyArray<Route> => [
  read(operations.getInfo, (request, caller) =>
    Effect.flatMap(q.keys(request), (keyOf) =>
      q.view(request, caller.corpNum, (ctx) => Result.map(observed(q, ctx, keyOf()), (d) => answer(q.status(ctx, d, request.language)))))),
  read(operations.getInfos, (request, caller) =>
    Effect.flatMap(many(q)(request), (keys) =>
      q.view(request, caller.corpNum, (ctx) =>
        Result.succeed(answer(arrayOf(keys.flatMap((key) => {
          const found = observed(q, ctx, key)
          return Result.isSuccess(found) ? [q.status(ctx, found.success, request.language)] : []
        }))))))),
  read(operations.getDetailInfo, (request, caller) =>
    Effect.flatMap(q.keys(request), (keyOf) =>
      q.view(request, caller.corpNum, (ctx) => Result.map(observed(q, ctx, keyOf()), (d) => answer(q.detail(ctx, d)))))),
  ...operations.urls.map(([operation, page]) => linkRoute(q, operation, page, (request) => Effect.map(q.keys(request), (keyOf) => [keyOf()]))),
  linkRoute(q, operations.massPrint, "MASSPRINT", (request) => many(q)(request as QueryRequest & { readonly input: Effect.Effect<unknown, SandboxFailure> }))
]
