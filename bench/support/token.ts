/**
 * A token of the suite's TESTER partner for a member, issued straight from a served sandbox over
 * undici: the signed `POST /SERVICE_TEST/Token` the SDK makes, for benchmarks that drive the wire
 * by hand.
 */
import { type Dispatcher, request } from "undici"
import * as Signing from "../../src/core/Signing.js"
import { TESTER_LINK_ID, TESTER_SECRET } from "../../src/sandbox/Partners.js"

export const issueToken = async (url: string, member: string, scopes: ReadonlyArray<string>, dispatcher?: Dispatcher): Promise<string> => {
  const body = JSON.stringify({ access_id: member, scope: scopes })
  const date = Signing.formatSvcDate(Date.now())
  const signature = Signing.sign(TESTER_SECRET, Signing.stringToSign({ bodyDigest: Signing.bodyDigest(body), date, path: "/SERVICE_TEST/Token" }))
  const response = await request(`${url}/SERVICE_TEST/Token`, {
    method: "POST",
    body,
    ...(dispatcher === undefined ? {} : { dispatcher }),
    headers: { authorization: Signing.authorization(TESTER_LINK_ID, signature), "content-type": "application/json", "x-svc-date": date, "x-svc-version": Signing.SVC_VERSION }
  })
  const answer = await response.body.json() as { session_token?: string }
  if (response.statusCode !== 200 || answer.session_token === undefined) throw new Error(`token refused: ${JSON.stringify(answer)}`)
  return answer.session_token
}
