import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Duration, Effect, Layer, Option, Redacted } from "effect"
import * as Config from "../../src/core/Config.js"

const fromEnv = (env: Record<string, string>) =>
  Effect.flatMap(Config.TaxdocConfig, Effect.succeed).pipe(
    Effect.provide(Layer.provide(Config.layerConfig, Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))))
  )

const base = {
  TAXDOC_LINK_ID: "TESTER",
  TAXDOC_SECRET_KEY: "rQYtqegPWltonnr4IeqeL3RO8m4Q57WdXT4DpsLws9E=",
  TAXDOC_AUTH_URL: "https://auth.example.test/",
  TAXDOC_API_URL: "https://api.example.test"
}

describe("Config", () => {
  it.effect("reads TAXDOC_* variables with defaults", () =>
    Effect.gen(function*() {
      const config = yield* fromEnv(base)
      expect(config.linkId).toBe("TESTER")
      expect(config.environment).toBe("test")
      expect(config.serviceId).toBe("SERVICE_TEST")
      expect(config.authUrl).toBe("https://auth.example.test")
      expect(Option.isNone(config.forwardedIp)).toBe(true)
      expect(config.acceptLanguage).toBe("ko-KR")
      expect(Duration.toMillis(config.tokenRefreshMargin)).toBe(60_000)
      expect(String(config.secretKey)).not.toContain("rQYt")
    }))

  it.effect("production, fixed addresses, forwarded IP and English", () =>
    Effect.gen(function*() {
      const config = yield* fromEnv({
        ...base,
        TAXDOC_ENVIRONMENT: "production",
        TAXDOC_USE_FIXED_ADDRESS: "true",
        TAXDOC_AUTH_URL_FIXED: "https://static-auth.example.test",
        TAXDOC_API_URL_FIXED: "https://static-api.example.test",
        TAXDOC_FORWARDED_IP: "*",
        TAXDOC_ACCEPT_LANGUAGE: "en-US",
        TAXDOC_REQUEST_TIMEOUT: "5 seconds"
      })
      expect(config.serviceId).toBe("SERVICE")
      expect(config.apiUrl).toBe("https://static-api.example.test")
      expect(Option.getOrNull(config.forwardedIp)).toBe("*")
      expect(config.acceptLanguage).toBe("en-US")
      expect(Duration.toMillis(config.requestTimeout)).toBe(5000)
    }))

  it.effect("a missing variable fails naming it", () =>
    Effect.gen(function*() {
      const { TAXDOC_LINK_ID: _, ...rest } = base
      const error = yield* Effect.flip(fromEnv(rest))
      expect(String(error)).toContain("TAXDOC_LINK_ID")
    }))

  it.effect("a malformed variable fails naming it", () =>
    Effect.gen(function*() {
      const bad = yield* Effect.flip(fromEnv({ ...base, TAXDOC_SECRET_KEY: "not base64!" }))
      expect(String(bad)).toContain("TAXDOC_SECRET_KEY")
      expect(String(bad)).not.toContain("not base64!")
      const env = yield* Effect.flip(fromEnv({ ...base, TAXDOC_ENVIRONMENT: "staging" }))
      expect(String(env)).toContain("TAXDOC_ENVIRONMENT")
      const fixed = yield* Effect.flip(fromEnv({ ...base, TAXDOC_USE_FIXED_ADDRESS: "true" }))
      expect(String(fixed)).toContain("TAXDOC_USE_FIXED_ADDRESS")
    }))

  it("make rejects a bad URL or forwarded IP naming the field", () => {
    const options = { linkId: "TESTER", secretKey: Redacted.make(base.TAXDOC_SECRET_KEY), authUrl: "x", apiUrl: "https://a.test" }
    expect(() => Config.make(options)).toThrow(/authUrl/)
    expect(() => Config.make({ ...options, authUrl: "https://a.test", forwardedIp: "evil host" })).toThrow(/forwardedIp/)
  })

  it("make rejects a secret key given as a plain string (a caller without the types) naming the field, not the key", () => {
    const plain = { linkId: "TESTER", secretKey: base.TAXDOC_SECRET_KEY, authUrl: "https://a.test", apiUrl: "https://a.test" } as unknown as Config.Options
    let thrown: unknown
    try {
      Config.make(plain)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Config.ConfigInvalid)
    expect((thrown as Config.ConfigInvalid).field).toBe("secretKey")
    expect((thrown as Config.ConfigInvalid).message).toContain("Redacted.make")
    expect((thrown as Config.ConfigInvalid).message).not.toContain(base.TAXDOC_SECRET_KEY)
  })
})
