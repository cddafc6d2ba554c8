/** Opening portal links and posting their forms through the HttpClient in context (in process). */
import { HttpClient, HttpClientRequest } from "effect/http"
import { Effect } from "effect"

export interface PageAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
  readonly bytes: Uint8Array
}

const answer = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<PageAnswer, never, HttpClient.HttpClient> =>
  Effect.flatMap(HttpClient.HttpClient, (client) => client.execute(request)).pipe(
    Effect.flatMap((response) =>
      Effect.map(response.arrayBuffer, (buffer) => {
        const bytes = new Uint8Array(buffer)
        return { status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes), bytes }
      })
    ),
    Effect.scoped,
    Effect.orDie
  )

/** Opens a link (GET). */
export const open = (url: string, language = "ko-KR"): Effect.Effect<PageAnswer, never, HttpClient.HttpClient> =>
  answer(HttpClientRequest.get(url).pipe(HttpClientRequest.setHeader("accept-language", language)))

/** Posts a form to a page's URL. */
export const post = (url: string, fields: Readonly<Record<string, string>>): Effect.Effect<PageAnswer, never, HttpClient.HttpClient> =>
  answer(HttpClientRequest.post(url).pipe(HttpClientRequest.bodyUrlParams(fields)))

/** The form token of a page (its one form's hidden `token`). */
export const tokenOf = (page: PageAnswer): string => {
  const token = /name="token" value="([0-9a-f]{32})"/.exec(page.text)?.[1]
  if (token === undefined) throw new Error(`no form token on the page:\n${page.text.slice(0, 2000)}`)
  return token
}

/** `<origin>/portal/<32 hex>`. */
export const LINK = /^http:\/\/[^/]+(\/production)?\/portal\/[0-9a-f]{32}$/
