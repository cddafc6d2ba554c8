/**
 * The SDK's layers against an in-process sandbox: `Taxdoc.layer(options)`, `Taxdoc.layerConfig`
 * (TAXDOC_* through the ConfigProvider), `Taxdoc.services` with a `TokenStore` in its context, and
 * `Taxdoc.layerSandbox`, the SDK and a sandbox in one constructor.
 */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Context, Effect, Exit, Layer, Redacted, Stream } from "effect"
import { HttpClient, type HttpClientRequest } from "effect/http"
import * as Client from "../../src/core/Client.js"
import * as Config from "../../src/core/Config.js"
import { Tokens } from "../../src/core/Tokens.js"
import { type TokenKey, TokenStore } from "../../src/core/TokenStore.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { CompanyStatus } from "../../src/domains/companyStatus/CompanyStatus.js"
import { Member } from "../../src/domains/member/Member.js"
import { TaxPortal } from "../../src/domains/taxPortal/TaxPortal.js"
import * as Taxdoc from "../../src/Taxdoc.js"
import * as Connect from "../../src/sandbox/Connect.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { TESTER_LINK_ID } from "../../src/sandbox/Partners.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { joinInput } from "../support/sdk.js"

const CORP = "1234567891"
// Options for a sandbox (its own secret for the tester's LinkID).
const optionsFor = (sandbox: Sandbox["Service"]) => Connect.configOptions({ secretKey: Redacted.make(sandbox.secretOf(TESTER_LINK_ID)!) })

// `sdk` built from options for a fresh in-process sandbox, over that sandbox.
const onSandbox = <A, E, R>(sdk: (options: Config.Options) => Layer.Layer<A, E, R>) =>
  Layer.unwrap(Effect.map(Sandbox, (sandbox) => sdk(optionsFor(sandbox)))).pipe(Layer.provide(InProcess.layer()))

// A member joined (no token), then its company information read (a member token).
const memberCall = Effect.flatMap(Member, (member) =>
  Effect.andThen(member.join(joinInput(CORP)), Effect.map(member.getCorpInfo(CORP), (info) => info.corpName)))

describe("Taxdoc's layers", () => {
  it.effect("Taxdoc.layer: the configuration from its options and every service, a call made through them", () =>
    Effect.gen(function*() {
      const config = yield* Config.TaxdocConfig
      expect(config.linkId).toBe(TESTER_LINK_ID)
      expect(config.serviceId).toBe("SERVICE_TEST")
      // Every service of the SDK is in the layer.
      yield* Effect.all([Cashbill, CompanyStatus, TaxPortal, Client.TaxdocClient])
      expect(yield* memberCall).toBe("테스트상사")
      expect((yield* Effect.flatMap(Tokens, (tokens) => tokens.stats)).issued).toBe(1)
    }).pipe(Effect.provide(onSandbox(Taxdoc.layer))))

  it.effect("Taxdoc.layer: options it cannot use fail the layer with ConfigInvalid naming the field", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(Effect.scoped(Layer.build(onSandbox((options) => Taxdoc.layer({ ...options, apiUrl: "ftp://example.com" })))))
      expect(Exit.isFailure(exit)).toBe(true)
      const failure = Exit.isFailure(exit) ? exit.cause.reasons.find((reason) => reason._tag === "Fail") : undefined
      expect(failure?._tag === "Fail" ? failure.error : undefined).toMatchObject({ _tag: "ConfigInvalid", field: "apiUrl" })
    }))

  it.effect("Taxdoc.layerConfig: TAXDOC_* from the ConfigProvider; a malformed one fails the layer naming it", () => {
    const fromVariables = (variables: Record<string, string>) =>
      onSandbox((options) =>
        Taxdoc.layerConfig.pipe(
          Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({
            env: {
              TAXDOC_LINK_ID: options.linkId,
              TAXDOC_SECRET_KEY: Redacted.value(options.secretKey),
              TAXDOC_AUTH_URL: options.authUrl,
              TAXDOC_API_URL: options.apiUrl,
              ...variables
            }
          })))
        ))
    return Effect.gen(function*() {
      expect(yield* Effect.provide(memberCall, fromVariables({}))).toBe("테스트상사")
      const exit = yield* Effect.exit(Effect.scoped(Layer.build(fromVariables({ TAXDOC_TOKEN_STORE: "mysql://db" }))))
      expect(Exit.isFailure(exit) ? String(exit.cause) : "built").toContain("TAXDOC_TOKEN_STORE")
    })
  })

  it.effect("Taxdoc.services asks the TokenStore in its context for every token it needs", () => {
    const asked: Array<TokenKey> = []
    const store = Layer.succeed(TokenStore, {
      obtain: (key, _margin, issue) =>
        Effect.map(Effect.andThen(Effect.sync(() => asked.push(key)), issue), (issued) => ({
          token: issued.token,
          remainingMillis: issued.lifetimeMillis,
          issuedHere: true
        })),
      discard: () => Effect.void,
      forgetMember: () => Effect.void,
      forgotten: Stream.never
    })
    return Effect.gen(function*() {
      expect(yield* memberCall).toBe("테스트상사")
      expect(asked.map((key) => [key.linkId, key.corpNum])).toEqual([[TESTER_LINK_ID, CORP]])
    }).pipe(Effect.provide(onSandbox((options) => Taxdoc.services.pipe(Layer.provide(Config.layer(options)), Layer.provide(store)))))
  })
})

describe("Taxdoc.sharedTokens", () => {
  it.live("the TokenStore of the configured database (loaded only then), nothing without one", () =>
    Effect.gen(function*() {
      const options = Connect.configOptions({ secretKey: Redacted.make("rQYtqegPWltonnr4IeqeL3RO8m4Q57WdXT4DpsLws9E=") })
      const built = (overrides: Partial<Config.Options>) =>
        Effect.scoped(Layer.build(Taxdoc.sharedTokens.pipe(Layer.provide(Config.layer({ ...options, ...overrides })))))
      expect(Context.getOption(yield* built({}), TokenStore)._tag).toBe("None")
      // A database that does not answer is no failure of the layer: Tokens issues its own meanwhile.
      expect(Context.getOption(yield* built({ tokenStore: "postgres://taxdoc:pw@127.0.0.1:1/taxdoc" }), TokenStore)._tag).toBe("Some")
    }))
})

describe("Taxdoc.layerSandbox", () => {
  it.effect("the SDK, its configuration, the sandbox it talks to and the in-process client, in one layer", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox
      const config = yield* Config.TaxdocConfig
      expect(config.linkId).toBe(TESTER_LINK_ID)
      expect(Redacted.value(config.secretKey)).toBe(sandbox.secretOf(TESTER_LINK_ID))
      expect(yield* memberCall).toBe("테스트상사")
      yield* HttpClient.HttpClient
    }).pipe(Effect.provide(Taxdoc.layerSandbox())))

  it.effect("members seeded, the SDK's settings given, and a transport of the caller's between the SDK and the sandbox", () => {
    const seen: Array<HttpClientRequest.HttpClientRequest> = []
    const watching = Layer.effect(
      HttpClient.HttpClient,
      Effect.map(HttpClient.HttpClient, (client) => HttpClient.tapRequest(client, (request) => Effect.sync(() => void seen.push(request))))
    )
    return Effect.gen(function*() {
      const info = yield* Effect.flatMap(Member, (member) => member.getCorpInfo(CORP))
      expect(info.corpName.length).toBeGreaterThan(0)
      expect(seen.length).toBeGreaterThanOrEqual(2)
      expect(seen.every((request) => request.headers["accept-language"] === "en-US")).toBe(true)
    }).pipe(Effect.provide(Taxdoc.layerSandbox({ acceptLanguage: "en-US", sandbox: { members: [{ corpNum: CORP }] }, transport: watching })))
  })
})
