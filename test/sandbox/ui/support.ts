/** Reading the sandbox's pages and sending their forms through the HttpClient in context (in process). */
import { Effect } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { ORIGIN } from "../support.js"

export interface PageAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
}

const answer = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<PageAnswer, never, HttpClient.HttpClient> =>
  Effect.flatMap(HttpClient.HttpClient, (client) => client.execute(request)).pipe(
    Effect.flatMap((response) => Effect.map(response.text, (text) => ({ status: response.status, headers: response.headers, text }))),
    Effect.scoped,
    Effect.orDie
  )

/** A page below `/_sandbox/ui` (`path` with its query), in a language. */
export const page = (path = "", language = "ko-KR", prefix = ""): Effect.Effect<PageAnswer, never, HttpClient.HttpClient> =>
  answer(HttpClientRequest.get(`${ORIGIN}${prefix}/_sandbox/ui${path}`).pipe(HttpClientRequest.setHeader("accept-language", language)))

/** The pages' form token, read from a page. */
export const formTokenOf = (answered: PageAnswer): string => {
  const token = /name="form" value="([0-9a-f]{32})"/.exec(answered.text)?.[1]
  if (token === undefined) throw new Error(`no form on the page:\n${answered.text.slice(0, 2000)}`)
  return token
}

/** Sends a form to an action of the pages (`clock`, `faults`, …). */
export const send = (action: string, fields: Readonly<Record<string, string>>, headers: Readonly<Record<string, string>> = {}) =>
  answer(HttpClientRequest.post(`${ORIGIN}/_sandbox/ui/${action}`).pipe(HttpClientRequest.setHeaders(headers), HttpClientRequest.bodyUrlParams(fields)))

/** A page's text without its markup, whitespace collapsed. */
export const textOf = (answered: PageAnswer): string =>
  answered.text.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " ")

/** The text of the element marked `data-live="<part>"` (up to the next live part). */
export const partOf = (answered: PageAnswer, part: string): string => {
  const at = answered.text.indexOf(`data-live="${part}"`)
  if (at < 0) throw new Error(`no part ${part} on the page`)
  const next = answered.text.indexOf("data-live=", at + 10)
  return textOf({ ...answered, text: answered.text.slice(at, next < 0 ? undefined : next) })
}
