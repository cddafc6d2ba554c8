/**
 * The environment of the processes tests start: whatever the caller's shell set for colours, width,
 * terminal, CI, time zone and language, a child sees only what the test says.
 */
import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import { spawn } from "node:child_process"
import { BASELINE, childEnv } from "./env.js"

/** What a caller's shell may have set: each would change what a child prints or how it reads dates. */
const CALLER = {
  NO_COLOR: "1",
  FORCE_COLOR: "0",
  NODE_DISABLE_COLORS: "1",
  COLORTERM: "truecolor",
  COLUMNS: "50",
  LINES: "20",
  TERM: "dumb",
  CI: "true",
  TZ: "America/New_York",
  LANG: "C",
  LANGUAGE: "de",
  LC_ALL: "C",
  LC_TIME: "de_DE.UTF-8",
  NODE_ENV: "production",
  NODE_OPTIONS: "--max-old-space-size=64",
  npm_config_local_prefix: "/elsewhere",
  INIT_CWD: "/elsewhere",
  TAXDOC_SECRET_KEY: "not for children"
}

/** The environment a child process really sees, as it reports it. */
const seenByChild = (env: Record<string, string>): Promise<Record<string, string>> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", "process.stdout.write(JSON.stringify(process.env))"], { env, stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk))
    child.on("error", reject)
    child.on("close", () => resolve(JSON.parse(out) as Record<string, string>))
  })

afterEach(() => {
  vi.unstubAllEnvs()
})

describe("a child's environment", () => {
  it("leaves out every variable of the caller that changes output, time or language, and sets the baseline", async () => {
    for (const [name, value] of Object.entries(CALLER)) vi.stubEnv(name, value)
    const env = await seenByChild(childEnv())
    for (const name of Object.keys(CALLER).filter((name) => !(name in BASELINE))) expect(env, name).not.toHaveProperty(name)
    expect(env).toMatchObject({ TZ: "UTC", LANG: "C.UTF-8" })
    expect(env["PATH"]).toBe(process.env["PATH"])
  })

  it("has what the test sets, and leaves out what the test unsets", async () => {
    vi.stubEnv("NO_COLOR", "1")
    vi.stubEnv("TERM", "dumb")
    const env = await seenByChild(childEnv({ TERM: "xterm-256color", COLUMNS: "100", TZ: "Asia/Seoul", LANG: undefined }))
    expect(env).toMatchObject({ TERM: "xterm-256color", COLUMNS: "100", TZ: "Asia/Seoul" })
    expect(env).not.toHaveProperty("NO_COLOR")
    expect(env).not.toHaveProperty("LANG")
  })

  it("keeps what the caller's shell needs to run programs: the path, the home, npm's own upper-case settings", () => {
    vi.stubEnv("NPM_CONFIG_REGISTRY", "http://127.0.0.1:4873/")
    const env = childEnv()
    expect(env["PATH"]).toBe(process.env["PATH"])
    expect(env["HOME"]).toBe(process.env["HOME"])
    expect(env["NPM_CONFIG_REGISTRY"]).toBe("http://127.0.0.1:4873/")
  })
})
