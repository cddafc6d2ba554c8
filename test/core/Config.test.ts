import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Duration, Effect, Option, Redacted, Result, Schedule } from "effect"
import * as Config from "../../src/core/Config.js"
import { problemsOf } from "../../src/core/ConfigProblems.js"

/** The configuration read from an environment record (no process environment involved). */
const fromEnv = (env: Record<string, string>) => Config.config.parse(ConfigProvider.fromEnv({ env }))

const base = {
  TAXDOC_LINK_ID: "TESTER",
  TAXDOC_SECRET_KEY: "rQYtqegPWltonnr4IeqeL3RO8m4Q57WdXT4DpsLws9E=",
  TAXDOC_AUTH_URL: "https://auth.example.test/",
  TAXDOC_API_URL: "https://api.example.test"
}

const options: Config.Options = {
  linkId: "TESTER",
  secretKey: Redacted.make(base.TAXDOC_SECRET_KEY),
  authUrl: "https://auth.example.test",
  apiUrl: "https://api.example.test"
}

/** The ConfigInvalid of options `make` refuses. */
const refusal = (given: unknown): Config.ConfigInvalid => {
  const resolved = Config.fromOptionsResult(given as Config.Options)
  if (Result.isSuccess(resolved)) throw new Error("the options were accepted")
  return resolved.failure
}

describe("Config from TAXDOC_* variables", () => {
  it.effect("reads them with defaults", () =>
    Effect.gen(function*() {
      const config = yield* fromEnv(base)
      expect(config.linkId).toBe("TESTER")
      expect(config.environment).toBe("test")
      expect(config.serviceId).toBe("SERVICE_TEST")
      expect(config.authUrl).toBe("https://auth.example.test")
      expect(Option.isNone(config.forwardedIp)).toBe(true)
      expect(config.acceptLanguage).toBe("ko-KR")
      expect(Duration.toMillis(config.tokenRefreshMargin)).toBe(60_000)
      expect(Duration.toMillis(config.requestTimeout)).toBe(30_000)
      expect(Duration.toMillis(config.retry.callTimeout)).toBe(60_000)
      expect(config.tokenCacheCapacity).toBe(10_000)
      expect(config.maxAnswerBytes).toBe(Config.DEFAULT_MAX_ANSWER_BYTES)
      expect(Option.isSome(config.retry.schedule)).toBe(true)
      expect(config.tokenStoreTable).toBe(Config.DEFAULT_TOKEN_STORE_TABLE)
      // Telemetry beyond spans is off unless turned on.
      expect(config.traceparent).toBe(false)
      expect(config.metrics).toBe(false)
      expect(String(config.secretKey)).not.toContain("rQYt")
      expect(Redacted.value(config.secretKey)).toBe(base.TAXDOC_SECRET_KEY)
    }))

  it.effect("production, fixed addresses, forwarded IP, English, durations, numbers and a token store", () =>
    Effect.gen(function*() {
      const config = yield* fromEnv({
        ...base,
        TAXDOC_ENVIRONMENT: "production",
        TAXDOC_USE_FIXED_ADDRESS: "true",
        TAXDOC_AUTH_URL_FIXED: "https://static-auth.example.test",
        TAXDOC_API_URL_FIXED: "https://static-api.example.test",
        TAXDOC_FORWARDED_IP: "*",
        TAXDOC_ACCEPT_LANGUAGE: "en-US",
        TAXDOC_REQUEST_TIMEOUT: "5 seconds",
        TAXDOC_TOKEN_CACHE_CAPACITY: "2",
        TAXDOC_RETRIES: "0",
        TAXDOC_MAX_ANSWER_BYTES: "4096",
        TAXDOC_TOKEN_STORE: "postgres://taxdoc:pw@db/taxdoc",
        TAXDOC_TOKEN_STORE_TABLE: "fleet.tokens",
        TAXDOC_TRACEPARENT: "true",
        TAXDOC_METRICS: "true"
      })
      expect(config.serviceId).toBe("SERVICE")
      expect(config.apiUrl).toBe("https://static-api.example.test")
      expect(config.authUrl).toBe("https://static-auth.example.test")
      expect(Option.getOrNull(config.forwardedIp)).toBe("*")
      expect(config.acceptLanguage).toBe("en-US")
      expect(Duration.toMillis(config.requestTimeout)).toBe(5000)
      expect(config.tokenCacheCapacity).toBe(2)
      expect(Option.isNone(config.retry.schedule)).toBe(true)
      expect(config.maxAnswerBytes).toBe(4096)
      expect(Option.map(config.tokenStore, Redacted.value)).toEqual(Option.some("postgres://taxdoc:pw@db/taxdoc"))
      expect(config.tokenStoreTable).toBe("fleet.tokens")
      expect(config.traceparent).toBe(true)
      expect(config.metrics).toBe(true)
    }))

  it.effect("a missing variable fails naming it", () =>
    Effect.gen(function*() {
      const { TAXDOC_LINK_ID: _, ...rest } = base
      const error = yield* Effect.flip(fromEnv(rest))
      expect(String(error)).toContain("TAXDOC_LINK_ID")
      expect(String(error)).toContain("is required")
    }))

  it.effect("with no TAXDOC_* variable at all, every required one is named", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(fromEnv({}))
      expect(problemsOf(error)).toEqual(["TAXDOC_LINK_ID", "TAXDOC_SECRET_KEY", "TAXDOC_AUTH_URL", "TAXDOC_API_URL"].map((variable) => ({ variable, problem: "not set" })))
    }))

  it.effect("every variable missing or wrong is named at once, each with what it must be, never a value", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(fromEnv({ TAXDOC_LINK_ID: "TESTER", TAXDOC_SECRET_KEY: "not base64!", TAXDOC_RETRIES: "-1", TAXDOC_ENVIRONMENT: "staging" }))
      expect(problemsOf(error)).toEqual([
        { variable: "TAXDOC_SECRET_KEY", problem: "must be the Base64 secret key issued with the LinkID" },
        { variable: "TAXDOC_ENVIRONMENT", problem: "must be \"test\" or \"production\"" },
        { variable: "TAXDOC_AUTH_URL", problem: "not set" },
        { variable: "TAXDOC_API_URL", problem: "not set" },
        { variable: "TAXDOC_RETRIES", problem: "must be a whole number, 0 or more (0 turns retrying off)" }
      ])
      expect(String(error)).not.toContain("not base64!")
    }))

  it.effect("a malformed variable fails naming it and saying what it must be, never showing its value", () =>
    Effect.gen(function*() {
      const bad = yield* Effect.flip(fromEnv({ ...base, TAXDOC_SECRET_KEY: "not base64!" }))
      expect(String(bad)).toContain("TAXDOC_SECRET_KEY")
      expect(String(bad)).toContain("Base64 secret key")
      expect(String(bad)).not.toContain("not base64!")
      const env = yield* Effect.flip(fromEnv({ ...base, TAXDOC_ENVIRONMENT: "staging" }))
      expect(String(env)).toContain("TAXDOC_ENVIRONMENT")
      const retries = yield* Effect.flip(fromEnv({ ...base, TAXDOC_RETRIES: "-1" }))
      expect(String(retries)).toContain("TAXDOC_RETRIES")
      expect(String(retries)).toContain("0 or more")
      const timeout = yield* Effect.flip(fromEnv({ ...base, TAXDOC_CALL_TIMEOUT: "soon" }))
      expect(String(timeout)).toContain("TAXDOC_CALL_TIMEOUT")
      const store = yield* Effect.flip(fromEnv({ ...base, TAXDOC_TOKEN_STORE: "mysql://user:secretpw@db" }))
      expect(String(store)).toContain("TAXDOC_TOKEN_STORE")
      expect(String(store)).not.toContain("secretpw")
      const fixed = yield* Effect.flip(fromEnv({ ...base, TAXDOC_USE_FIXED_ADDRESS: "true" }))
      expect(String(fixed)).toContain("TAXDOC_USE_FIXED_ADDRESS")
      expect(String(fixed)).toContain("needs authUrlFixed and apiUrlFixed")
    }))
})

describe("Config from options", () => {
  it("resolves options with the same schema and defaults as the variables", () => {
    const config = Config.make({ ...options, requestTimeout: 2_500, tokenRefreshMargin: "5 minutes", callTimeout: Duration.infinity })
    expect(Duration.toMillis(config.requestTimeout)).toBe(2_500)
    expect(Duration.toMillis(config.tokenRefreshMargin)).toBe(300_000)
    expect(Duration.isFinite(config.retry.callTimeout)).toBe(false)
    expect(config.apiUrl).toBe("https://api.example.test")
    const schedule = Schedule.recurs(1)
    expect(Option.getOrUndefined(Config.make({ ...options, retrySchedule: schedule }).retry.schedule)).toBe(schedule)
    expect(Option.isNone(Config.make({ ...options, retries: 0 }).retry.schedule)).toBe(true)
  })

  it("refuses a bad URL, forwarded IP, capacity or table naming the field and what it must be", () => {
    expect(refusal({ ...options, authUrl: "x" })).toMatchObject({ field: "authUrl", reason: "must be an http(s) URL" })
    expect(refusal({ ...options, apiUrl: "ftp://example.com" })).toMatchObject({ field: "apiUrl" })
    expect(refusal({ ...options, forwardedIp: "evil host" })).toMatchObject({ field: "forwardedIp", reason: "must be an IP address or *" })
    expect(refusal({ ...options, tokenCacheCapacity: 0 })).toMatchObject({ field: "tokenCacheCapacity" })
    expect(refusal({ ...options, maxAnswerBytes: 10 })).toMatchObject({ field: "maxAnswerBytes" })
    expect(refusal({ ...options, tokenStoreTable: "drop table" })).toMatchObject({ field: "tokenStoreTable" })
    expect(refusal({ ...options, useFixedAddress: true })).toMatchObject({ field: "useFixedAddress" })
    expect(refusal({ ...options, linkId: "" })).toMatchObject({ field: "linkId" })
    expect(refusal({ ...options, metrics: "yes" as unknown as boolean })).toMatchObject({ field: "metrics", reason: "must be true or false" })
    expect(refusal({ ...options, traceparent: 1 as unknown as boolean })).toMatchObject({ field: "traceparent", reason: "must be true or false" })
    const { linkId: _, ...withoutLink } = options
    expect(refusal(withoutLink)).toMatchObject({ field: "linkId", reason: "is required" })
    // Every field at fault at once, the first also as `field` and `reason`.
    const all = refusal({ ...withoutLink, secretKey: Redacted.make("not base64!"), authUrl: "x", retries: -1 })
    expect(all.problems).toEqual([
      { field: "linkId", reason: "is required" },
      { field: "secretKey", reason: "must be the Base64 secret key issued with the LinkID" },
      { field: "authUrl", reason: "must be an http(s) URL" },
      { field: "retries", reason: "must be a whole number, 0 or more (0 turns retrying off)" }
    ])
    expect(all.message).toBe(`taxdoc configuration: ${all.problems.map((p) => `${p.field} ${p.reason}`).join("; ")}`)
    expect(() => Config.make({ ...options, authUrl: "x" })).toThrow(/authUrl/)
  })

  it("refuses a secret key given as a plain string (a caller without the types) naming the field and how to wrap it, not the key", () => {
    const thrown = refusal({ ...options, secretKey: base.TAXDOC_SECRET_KEY })
    expect(thrown).toBeInstanceOf(Config.ConfigInvalid)
    expect(thrown.field).toBe("secretKey")
    expect(thrown.message).toContain("Redacted.make")
    expect(thrown.message).not.toContain(base.TAXDOC_SECRET_KEY)
    const notBase64 = refusal({ ...options, secretKey: Redacted.make("not base64!") })
    expect(notBase64).toMatchObject({ field: "secretKey", reason: "must be the Base64 secret key issued with the LinkID" })
    expect(notBase64.message).not.toContain("not base64!")
  })

  it.effect("Config.layer fails with the ConfigInvalid naming the field", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.provide(Config.TaxdocConfig, Config.layer({ ...options, apiUrl: "nope" })))
      expect(error).toMatchObject({ _tag: "ConfigInvalid", field: "apiUrl" })
    }))
})
