/**
 * For generated secret keys, the `taxdoc` command never prints a secret — the partner's secret key
 * (given by `TAXDOC_SECRET_KEY` or `--secret`), an access token it was issued, or an `Authorization`
 * value — on stdout or stderr, human or `--json`, at any log level: on success, on a refusal by the
 * service, on a wrong secret (the token request refused) and on invalid input.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect } from "effect"
import * as fc from "fast-check"
import * as Server from "../../src/sandbox/Server.js"
import * as SandboxModule from "../../src/sandbox/Sandbox.js"
import { SandboxStore } from "../../src/sandbox/Store.js"
import { tokensSlot } from "../../src/sandbox/auth/IssuedTokens.js"
import { fixtures, type Finished, MEMBER, RECEIPT, taxdoc } from "./support.js"

const LINK_ID = "LEAKCLI"

const secretKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("base64"))

const dir = fixtures({ "receipt.json": JSON.stringify(RECEIPT) })
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Serves a fresh sandbox on 127.0.0.1 whose one partner has `secret`, runs `f` with its URL, and answers the tokens it issued. */
const withServer = (secret: string, f: (url: string) => Promise<ReadonlyArray<Finished>>) =>
  Effect.scoped(
    Effect.gen(function*() {
      const sandbox = yield* SandboxModule.make({ partners: [{ linkId: LINK_ID, secretKey: secret }], members: [{ corpNum: MEMBER, linkId: LINK_ID }] })
      const address = yield* Effect.provideService(Server.serve({ port: 0 }), SandboxModule.Sandbox, sandbox)
      const runs = yield* Effect.promise(() => f(address.url))
      const tokens = yield* sandbox.use(Effect.map(SandboxStore, (store) => [...store.get(tokensSlot, "test").byValue.keys()]))
      return { runs, tokens }
    })
  )

describe("the taxdoc command never prints a secret", () => {
  // Each run spawns five commands: a failure is reported as found, not shrunk run by run.
  it("no secret key, token or Authorization value on stdout or stderr, human or --json", { timeout: 240_000 }, () =>
    fc.assert(
      fc.asyncProperty(secretKey, secretKey, async (secret, wrong) => {
        const { runs, tokens } = await Effect.runPromise(withServer(secret, async (url) => {
          const target = ["--sandbox-url", url, "--link-id", LINK_ID, "--corp-num", MEMBER]
          const env = { TAXDOC_SECRET_KEY: secret }
          // Success, human: the receipt is issued first, so that the reads below find it.
          const issued = await taxdoc(["cashbill", "issue", ...target, "--file", path.join(dir, "receipt.json")], { env })
          const rest = await Promise.all([
            // Success, JSON, the secret from --secret.
            taxdoc(["cashbill", "info", ...target, RECEIPT.mgtKey, "--json", "--secret", secret]),
            // The service refuses: not found.
            taxdoc(["cashbill", "info", ...target, "NOPE-0001"], { env }),
            // A wrong secret: the token request is refused.
            taxdoc(["cashbill", "info", ...target, RECEIPT.mgtKey, "--json"], { env: { TAXDOC_SECRET_KEY: wrong } }),
            // Invalid input, refused before anything is sent, at the most talkative log level.
            taxdoc(["--log-level", "all", "cashbill", "info", ...target, "not valid!"], { env })
          ])
          return [issued, ...rest]
        }))
        const [issued, info, notFound, refused, invalid] = runs
        // The commands did what they say, so their output is the output of each case.
        expect(issued!.code).toBe(0)
        expect(info!.code).toBe(0)
        expect(JSON.parse(info!.stdout)).toMatchObject({ mgtKey: RECEIPT.mgtKey })
        expect(notFound!.stderr).toContain("CashbillNotFound")
        expect(refused!.code).toBe(1)
        expect(JSON.parse(refused!.stderr)).toMatchObject({ error: { type: expect.any(String) } })
        expect(invalid!.code).toBe(2)
        expect(tokens.length).toBeGreaterThanOrEqual(2)

        const forbidden = [secret, wrong, Buffer.from(secret, "base64").toString("hex"), ...tokens, ...tokens.map((t) => `Bearer ${t}`)]
        const printed = runs.map((run) => `${run.stdout}\n${run.stderr}`).join("\n")
        for (const value of forbidden) expect(printed.includes(value), "a secret was printed").toBe(false)
      }),
      { numRuns: 2, endOnFailure: true }
    ))
})
