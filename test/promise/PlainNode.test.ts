/**
 * A plain Node program with no Effect import (examples/without-effect.mjs, the README's "Without
 * Effect") against `taxdoc sandbox serve`: it issues and reads a receipt, catches an ApiError by
 * `instanceof`, is refused with a ValidationError before sending, and aborts a call with an
 * AbortSignal. It imports `taxdoc/promise` as a user's program does (the package's own exports).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { ROOT, start, taxdoc } from "../cli/support.js"

const PROGRAM = "examples/without-effect.mjs"
const MEMBER = "1234567891"

describe("a plain Node program over taxdoc/promise", () => {
  it("imports nothing of Effect", () => {
    const source = fs.readFileSync(path.join(ROOT, PROGRAM), "utf8")
    const imports = [...source.matchAll(/^import .* from "([^"]+)"/gm)].map((m) => m[1])
    expect(imports).toEqual(["taxdoc/promise"])
  })

  it("issues, reads, catches ApiError by instanceof, gets a ValidationError before sending, aborts with an AbortSignal", { timeout: 120_000 }, async () => {
    const server = start(["sandbox", "serve", "--port", "0", "--member", MEMBER])
    try {
      const secret = (await server.waitFor(/partner TESTER secret (\S+)/))[1]!
      const url = (await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!
      const stats = async () => ((await (await fetch(`${url}/_sandbox/stats`)).json()) as { readonly calls: Readonly<Record<string, number>> }).calls
      const run = await taxdoc([], {
        entry: path.join(ROOT, PROGRAM),
        env: { TAXDOC_LINK_ID: "TESTER", TAXDOC_SECRET_KEY: secret, TAXDOC_AUTH_URL: url, TAXDOC_API_URL: url, TAXDOC_ENVIRONMENT: "test" }
      })
      expect(run.stderr).toBe("")
      expect(run.code).toBe(0)
      const result = JSON.parse(run.stdout) as Record<string, unknown>
      expect(result).toEqual({
        confirmNum: expect.stringMatching(/^\d{9}$/),
        stateCode: 300,
        notFound: { code: -14000003, status: 404, isNotFound: true },
        invalid: ["identityNum"],
        aborted: "the user went away"
      })
      // The invalid receipt never reached the service: one issuance only.
      expect((await stats())["Cashbill.RegistIssue"]).toBe(1)
    } finally {
      await server.stop("SIGTERM")
    }
  })
})
