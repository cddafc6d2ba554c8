/**
 * JoinMember, RegistContact and UpdateContact as the published PHP client sends them: its models
 * `json_encode`d (every property present, unset ones `null`, Hangul as `\uXXXX`, `/` as `\/`),
 * `Content-Type: Application/json`, and the password under `Password` beside `pwd: null` (a
 * contact) or `PWD: null` (a member) where the spec writes `password`.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { api, asciiJson, codeOf, issueToken, MANAGER_ID, sandboxLayer } from "../support.js"

// PHP's json_encode: ASCII with \uXXXX, and "/" escaped.
const phpJson = (value: unknown): string => asciiJson(value).replace(/: /g, ":").replace(/, /g, ",").replaceAll("/", "\\/")

const PHP_HEADERS = { "content-type": "Application/json", "accept-encoding": "gzip,deflate" }

const contact = (id: string, password: string | null, extra: Record<string, unknown> = {}) => ({
  id,
  pwd: null,
  Password: password,
  personName: "김담당/총무",
  tel: "02-1234-5678",
  hp: null,
  fax: null,
  email: `${id}@example.com`,
  searchRole: null,
  searchAllAllowYN: null,
  mgrYN: null,
  ...extra
})

describe("the PHP client's member bodies", () => {
  it.effect("JoinMember with Password and PWD: null signs the business up with that password", () =>
    Effect.gen(function*() {
      const join = {
        LinkID: "TESTER",
        CorpNum: "1018600003",
        CEOName: "홍길동",
        CorpName: "피에이치피상사",
        Addr: "서울특별시 중구 세종대로 110",
        ZipCode: null,
        BizType: "도소매",
        BizClass: "전자상거래",
        ContactName: "김담당",
        ContactEmail: "php@example.com",
        ContactTEL: "02-1234-5678",
        ContactHP: null,
        ContactFAX: null,
        ID: "php-manager",
        PWD: null,
        Password: "PhpTest2026!"
      }
      const answer = yield* api({ method: "POST", path: "/Join", rawBody: phpJson(join), headers: PHP_HEADERS })
      expect(answer.status).toBe(200)
      expect(codeOf(answer)).toBe(1)
      const member = yield* api({ path: "/Join?CorpNum=1018600003&LID=TESTER" })
      expect(codeOf(member)).toBe(1)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("RegistContact with Password, pwd: null and every other property null adds the contact; UpdateContact with them changes it", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken()).session_token
      const headers = { ...PHP_HEADERS, "x-svc-userid": MANAGER_ID }
      const added = yield* api({ method: "POST", path: "/IDs/New", token, rawBody: phpJson(contact("php-clerk", "PhpClerk2026!")), headers })
      expect(answer(added)).toEqual({ status: 200, code: 1 })
      const updated = yield* api({ method: "POST", path: "/IDs", token, rawBody: phpJson(contact("php-clerk", null, { personName: "이담당" })), headers })
      expect(answer(updated)).toEqual({ status: 200, code: 1 })
      const listed = yield* api({ path: "/IDs", token, headers: { "x-svc-userid": MANAGER_ID } })
      const clerk = (listed.body as ReadonlyArray<{ readonly id: string; readonly personName: string }>).find((c) => c.id === "php-clerk")
      expect(clerk?.personName).toBe("이담당")
      // Whatever the case of the key, the password counts; with none of them set, it is missing.
      const lower = yield* api({ method: "POST", path: "/IDs/New", token, rawBody: phpJson({ ...contact("php-clerk2", null), pwd: "PhpClerk2026!" }), headers })
      expect(answer(lower)).toEqual({ status: 200, code: 1 })
      const none = yield* api({ method: "POST", path: "/IDs/New", token, rawBody: phpJson(contact("php-clerk3", null)), headers })
      expect(none.status).toBe(400)
      expect((none.body as { readonly message: string }).message).toContain("password")
    }).pipe(Effect.provide(sandboxLayer())))
})

const answer = (a: { readonly status: number; readonly body: unknown }) => ({ status: a.status, code: (a.body as { readonly code: number }).code })
