/**
 * Which partner a command signs as, and with which secret: `--link-id` and `--secret` for
 * `--sandbox-url`, each falling back to its variable; flags that mean nothing to the target are a
 * usage error; token-less operations need no secret; `serve --member LINKID:NUMBER` seeds a member
 * of another partner.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fixtures, JOIN, type Running, start, taxdoc } from "./support.js"

const ACME_SECRET = "YWNtZS1zZWNyZXQta2V5LTEyMzQ1Njc4"
const ACME_MEMBER = "1234567891"
const TESTER_MEMBER = "2208203228"
const dir = fixtures({ "join.json": JSON.stringify({ ...JOIN, CorpNum: "1018600001", ID: "newmember01" }) })

let server: Running
let url = ""
let testerSecret = ""

beforeAll(async () => {
  server = start(["sandbox", "serve", "--port", "0", "--member", `ACME:${ACME_MEMBER}`, "--member", TESTER_MEMBER], {
    env: { TAXDOC_SANDBOX_PARTNERS: `ACME:${ACME_SECRET}` }
  })
  testerSecret = (await server.waitFor(/partner TESTER secret (\S+)/))[1]!
  url = (await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!
}, 60_000)

afterAll(async () => {
  await server.stop("SIGKILL")
  fs.rmSync(dir, { recursive: true, force: true })
})

describe("credentials of the taxdoc command", () => {
  it("with --sandbox-url, TAXDOC_LINK_ID and TAXDOC_SECRET_KEY sign as that partner; --link-id wins over the variable", { timeout: 60_000 }, async () => {
    const env = { TAXDOC_LINK_ID: "ACME", TAXDOC_SECRET_KEY: ACME_SECRET }
    const acme = await taxdoc(["member", "corp-info", "--sandbox-url", url, "--corp-num", ACME_MEMBER, "--json"], { env })
    expect(acme.stderr).toBe("")
    expect(acme.code).toBe(0)
    expect(JSON.parse(acme.stdout)).toMatchObject({ corpName: expect.stringContaining(ACME_MEMBER) })
    // The flag chooses TESTER, whose secret then signs: ACME's secret would not match.
    const tester = await taxdoc(["member", "corp-info", "--sandbox-url", url, "--link-id", "TESTER", "--secret", testerSecret, "--corp-num", TESTER_MEMBER, "--json"], { env })
    expect(tester.code).toBe(0)
  })

  it("--link-id and --secret with any other target are a usage error naming why, and nothing is sent", { timeout: 60_000 }, async () => {
    const inProcess = await taxdoc(["cashbill", "info", "--sandbox", "--secret", ACME_SECRET, "--corp-num", ACME_MEMBER, "DOC-1"])
    expect(inProcess.code).toBe(2)
    expect(inProcess.stderr.split("\n").slice(0, 2)).toEqual([
      "error: --secret goes with --sandbox-url only",
      "hint: the sandbox in this process signs as TESTER with its own secret: leave them out"
    ])
    const configured = await taxdoc(["member", "corp-info", "--link-id", "ACME", "--secret", ACME_SECRET, "--corp-num", ACME_MEMBER])
    expect(configured.code).toBe(2)
    expect(configured.stderr).toMatch(/^error: --secret and --link-id go with --sandbox-url only\nhint: the service configured by TAXDOC_\* signs with TAXDOC_LINK_ID and TAXDOC_SECRET_KEY/)
  })

  it("configuration problems are named all at once, each as it was given: the flag, else the variable", { timeout: 60_000 }, async () => {
    const flags = await taxdoc(["cashbill", "info", "--sandbox-url", url, "--secret", "not base64!", "--link-id", "", "--corp-num", ACME_MEMBER, "DOC-0001"])
    expect(flags.code).toBe(2)
    expect(flags.stderr).toBe([
      "error: configuration:",
      "  - --link-id: must be the LinkID issued to the partner (not empty)",
      "  - --secret: must be the Base64 secret key issued with the LinkID",
      "hint: fix each of --link-id, --secret",
      ""
    ].join("\n"))
    const variable = await taxdoc(["cashbill", "info", "--sandbox-url", url, "--corp-num", ACME_MEMBER, "DOC-0001"], { env: { TAXDOC_SECRET_KEY: "not base64!" } })
    expect(variable.stderr.split("\n").slice(0, 3)).toEqual(["error: configuration:", "  - TAXDOC_SECRET_KEY: must be the Base64 secret key issued with the LinkID", "hint: fix TAXDOC_SECRET_KEY"])
    expect(flags.stderr + variable.stderr).not.toContain("not base64!")
    // The service configured by the variables, none set: all four named in one error.
    const unset = await taxdoc(["cashbill", "info", "--corp-num", ACME_MEMBER, "DOC-0001"])
    expect(unset.code).toBe(2)
    expect(unset.stderr.split("\n").slice(0, 5)).toEqual([
      "error: configuration of the service (TAXDOC_* variables):",
      "  - TAXDOC_LINK_ID: not set",
      "  - TAXDOC_SECRET_KEY: not set",
      "  - TAXDOC_AUTH_URL: not set",
      "  - TAXDOC_API_URL: not set"
    ])
  })

  it("--sandbox-url without a scheme is a usage error saying what it must be", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["member", "corp-info", "--sandbox-url", "127.0.0.1:18437", "--corp-num", ACME_MEMBER])
    expect(run.code).toBe(2)
    expect(run.stderr.split("\n")[0]).toBe("error: Invalid value for flag --sandbox-url: \"127.0.0.1:18437\". Expected: an http:// or https:// URL, e.g. http://127.0.0.1:8787")
  })

  it("member check, check-id and join need no secret; other commands still ask for one", { timeout: 60_000 }, async () => {
    const check = await taxdoc(["member", "check", "--sandbox-url", url, "--corp-num", TESTER_MEMBER, "--json"])
    expect(check.stderr).toBe("")
    expect(JSON.parse(check.stdout)).toEqual({ corpNum: TESTER_MEMBER, member: true })
    const checkId = await taxdoc(["member", "check-id", "--sandbox-url", url, "someone-new", "--json"])
    expect(checkId.code).toBe(0)
    const join = await taxdoc(["member", "join", "--sandbox-url", url, "--file", path.join(dir, "join.json"), "--json"])
    expect(join.stderr).toBe("")
    expect(JSON.parse(join.stdout)).toMatchObject({ code: 1 })
    const info = await taxdoc(["member", "corp-info", "--sandbox-url", url, "--corp-num", TESTER_MEMBER])
    expect(info.code).toBe(2)
    expect(info.stderr).toContain(`error: no secret for the sandbox at ${url}`)
  })

  it("serve --member LINKID:NUMBER seeds a member of that partner; an unknown partner or a bad number is a usage error", { timeout: 60_000 }, async () => {
    const env = { TAXDOC_LINK_ID: "ACME", TAXDOC_SECRET_KEY: ACME_SECRET }
    const member = await taxdoc(["member", "check", "--sandbox-url", url, "--corp-num", ACME_MEMBER, "--json"], { env })
    expect(JSON.parse(member.stdout)).toEqual({ corpNum: ACME_MEMBER, member: true })
    // TESTER's member is not ACME's: joining it to ACME says it belongs to a partner already.
    const again = await taxdoc(["member", "join", "--sandbox-url", url, "--file", path.join(dir, "join.json")], { env })
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("of this partner or of another")
    const unknown = await taxdoc(["sandbox", "serve", "--port", "0", "--member", "NOPE:1234567891"])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr.split("\n")[0]).toBe("error: --member NOPE:1234567891: the sandbox serves no partner NOPE")
    const bad = await taxdoc(["sandbox", "serve", "--port", "0", "--member", "123"])
    expect(bad.code).toBe(2)
    expect(bad.stderr.split("\n")[0]).toBe("error: --member 123: 123 is not a registration number")
  })

  it("serve on a port already taken prints no secret: the error and its hint, exit 1", { timeout: 60_000 }, async () => {
    const port = new URL(url).port
    const run = await taxdoc(["sandbox", "serve", "--port", port], { env: { TAXDOC_SANDBOX_PARTNERS: `ACME:${ACME_SECRET}` } })
    expect(run.code).toBe(1)
    expect(run.stdout + run.stderr).not.toContain("secret")
    expect(run.stderr).toContain(`error: cannot listen on 127.0.0.1:${port}`)
  })
})
