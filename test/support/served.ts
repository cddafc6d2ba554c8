/**
 * A sandbox served on 127.0.0.1 (ephemeral port; or another address) from the test process, and
 * the SDK configured against it over real sockets — what a user's application and browser see. For
 * the browser tests of the portal and of the sandbox's pages, and the screenshot scripts.
 */
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import * as Config from "../../src/core/Config.js"
import * as Undici from "../../src/core/Undici.js"
import * as Connect from "../../src/sandbox/Connect.js"
import type { MemberSeed } from "../../src/sandbox/member/Seed.js"
import * as SandboxModule from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import * as Taxdoc from "../../src/Taxdoc.js"

const sdkLayer = (url: string, secret: string) =>
  Taxdoc.services.pipe(
    Layer.provideMerge(Config.layer(Connect.configOptions({ origin: url, secretKey: Redacted.make(secret) }))),
    Layer.provide(Undici.layer())
  )

export type Sdk = Layer.Success<ReturnType<typeof sdkLayer>>

export interface Served {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  /** The admin token, when the sandbox needs one (it listens on a non-loopback address). */
  readonly adminToken: string | undefined
  /** The secret key of the TESTER partner. */
  readonly secret: string
  /** Runs an SDK program against the served sandbox. */
  readonly run: <A, E>(program: Effect.Effect<A, E, Sdk>) => Promise<A>
  /** POSTs a JSON body to an admin route (`/_sandbox/<route>`). */
  readonly admin: (route: string, body: unknown) => Promise<void>
  /** Moves document time through the admin route. */
  readonly advance: (millis: number) => Promise<void>
  /** Sets document time through the admin route. */
  readonly setClock: (epochMillis: number) => Promise<void>
  readonly close: () => Promise<void>
}

const admin = async (url: string, adminToken: string | undefined, route: string, body: unknown): Promise<void> => {
  const headers: Record<string, string> = { "content-type": "application/json" }
  if (adminToken !== undefined) headers["authorization"] = `Bearer ${adminToken}`
  const answer = await fetch(`${url}/_sandbox/${route}`, { method: "POST", headers, body: JSON.stringify(body) })
  if (answer.status !== 200) throw new Error(`admin route ${route} answered ${answer.status}: ${await answer.text()}`)
}

/**
 * Serves a fresh sandbox with `members` and builds the SDK against it; on `host` (default
 * 127.0.0.1; on a non-loopback one such as 0.0.0.0 it needs its admin token, and is reached at
 * 127.0.0.1).
 */
export const serve = async (members: ReadonlyArray<MemberSeed>, options: { readonly host?: string } = {}): Promise<Served> => {
  const server = ManagedRuntime.make(Server.layer({ host: options.host ?? "127.0.0.1", port: 0 }).pipe(Layer.provideMerge(SandboxModule.layer({ members }))))
  const { address, secret } = await server.runPromise(
    Effect.all({ address: Server.SandboxServer, secret: Effect.map(SandboxModule.Sandbox, (s) => s.secretOf("TESTER") ?? "") })
  )
  const url = `http://127.0.0.1:${address.port}`
  const adminToken = address.adminToken
  const sdk = ManagedRuntime.make(sdkLayer(url, secret))
  return {
    url,
    adminToken,
    secret,
    run: (program) => sdk.runPromise(program),
    admin: (route, body) => admin(url, adminToken, route, body),
    advance: (millis) => admin(url, adminToken, "clock", { advanceMillis: millis }),
    setClock: (epochMillis) => admin(url, adminToken, "clock", { set: epochMillis }),
    close: async () => {
      await sdk.dispose()
      await server.dispose()
    }
  }
}
