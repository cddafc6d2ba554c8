/**
 * The sandbox's answers judged by the OpenAPI document: a JSON Schema 2020-12 validator (ajv) over
 * the document's components, the document in both forms (`allow`, as published, and `strict`, no
 * member its schema does not name).
 */
import { Ajv2020 } from "ajv/dist/2020.js"
import { Effect, Layer } from "effect"
import { HttpClient, HttpClientResponse, UrlParams } from "effect/http"
import * as OpenApi from "../../src/domains/OpenApi.js"
import * as Partners from "../../src/sandbox/Partners.js"
import * as Router from "../../src/sandbox/routing/Router.js"
import { allRoutes } from "../../src/sandbox/Routes.js"

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
ajv.addSchema(OpenApi.document() as object, "published")
ajv.addSchema(OpenApi.document({ additionalProperties: "strict" }) as object, "strict")

const validators = new Map<string, ReturnType<typeof ajv.compile>>()
const validatorOf = (document: string, component: string) => {
  const key = `${document}#/components/schemas/${component}`
  let found = validators.get(key)
  if (found === undefined) {
    found = ajv.compile({ $ref: key })
    validators.set(key, found)
  }
  return found
}

/** One answer of the sandbox to a request routed to `operation`. */
export interface Answer {
  readonly operation: string
  readonly status: number
  readonly contentType: string
  readonly body: Uint8Array
}

/**
 * What is wrong with an answer, by the document (empty when nothing): a 200 is the operation's
 * answer (`<Name>.Answer`, or a PDF where it answers one), any other status the error answer; each
 * checked against both forms of the document.
 */
export const problemsOf = (answer: Answer, pdf: boolean): ReadonlyArray<string> => {
  const at = `${answer.operation} ${answer.status}`
  if (answer.status === 200 && pdf) {
    return answer.contentType.startsWith("application/pdf") ? [] : [`${at}: a PDF answered as ${answer.contentType}`]
  }
  if (!answer.contentType.startsWith("application/json")) return [`${at}: answered ${answer.contentType}`]
  const body: unknown = JSON.parse(new TextDecoder().decode(answer.body))
  const component = answer.status === 200 ? `${answer.operation}.Answer` : "Error"
  return ["published", "strict"].flatMap((document) => {
    const validate = validatorOf(document, component)
    return validate(body) ? [] : [`${at} (${document}): ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`]
  })
}

const table = Router.compile(allRoutes(Partners.registry()))

/**
 * Wraps the `HttpClient` in context so that every answer is also pushed to `into`, with the
 * operation its request was routed to (by the sandbox's own router).
 */
export const capturing = (into: Array<Answer>) =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (client) =>
      // The body is read here, so the answer handed on is a fresh one over the same bytes.
      HttpClient.transformResponse(client, (response) =>
        Effect.flatMap(response, (answer) =>
          Effect.map(Effect.orDie(answer.arrayBuffer), (bytes) => {
            const request = answer.request
            const url = new URL(request.url)
            const headers = request.headers
            const key: Router.RoutingKey = {
              method: request.method,
              path: url.pathname.replace(/^\/production(?=\/)/, ""),
              override: headers["x-http-method-override"]?.trim().toUpperCase() || undefined,
              // The query travels in the URL (as the SDK writes it) or in the platform's URL parameters.
              query: new URLSearchParams([...url.searchParams, ...new URLSearchParams(UrlParams.toString(request.urlParams))]),
              contentType: request.body._tag === "Empty" ? headers["content-type"] : request.body.contentType
            }
            const matched = Router.match(table, key)
            into.push({
              operation: matched._tag === "Matched" ? matched.route.operation.name : `(${matched._tag} ${request.method} ${url.pathname})`,
              status: answer.status,
              contentType: answer.headers["content-type"] ?? "",
              body: new Uint8Array(bytes)
            })
            return HttpClientResponse.fromWeb(request, new Response(bytes, { status: answer.status, headers: answer.headers }))
          }))))
  )
