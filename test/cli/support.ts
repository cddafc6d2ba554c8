/** Runs the `taxdoc` command as a child process and waits on its output and exit, never on time. */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { childEnv } from "../support/env.js"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
// The command as users run it: the compiled bin with plain node (the suite's global set-up rebuilds
// dist/ when a source is newer than it).
const BIN = path.join(ROOT, "bin/taxdoc.js")

export interface Finished {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

const ANSI = /\x1b\[[0-9;]*m/g

const collect = (child: ChildProcess): Promise<Finished> =>
  new Promise((resolve, reject) => {
    let stdout = ""
    let stderr = ""
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code, signal) => resolve({ code, signal, stdout: stdout.replace(ANSI, ""), stderr: stderr.replace(ANSI, "") }))
  })

/**
 * `node bin/taxdoc.js …args` (or another entry), in a pipe, with the environment of
 * `test/support/env.ts` plus `options.env`.
 */
export const taxdoc = (args: ReadonlyArray<string>, options: { readonly env?: Record<string, string>; readonly entry?: string } = {}): Promise<Finished> =>
  collect(spawn(process.execPath, [options.entry ?? BIN, ...args], {
    cwd: ROOT,
    env: childEnv(options.env),
    stdio: ["ignore", "pipe", "pipe"]
  }))

/** A long-running child (`sandbox serve`): wait for a line, then stop it with a signal. */
export interface Running {
  readonly waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>
  readonly stop: (signal: NodeJS.Signals) => Promise<Finished>
  readonly output: () => string
}

export const start = (args: ReadonlyArray<string>, options: { readonly env?: Record<string, string> } = {}): Running => {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnv(options.env), stdio: ["ignore", "pipe", "pipe"] })
  const finished = collect(child)
  let seen = ""
  const waiters: Array<{ readonly pattern: RegExp; readonly resolve: (m: RegExpMatchArray) => void }> = []
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = seen.match(waiter.pattern)
      if (match !== null) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(match)
      }
    }
  }
  child.stdout!.on("data", (chunk: Buffer) => {
    seen += chunk.toString("utf8")
    check()
  })
  return {
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve })
        check()
        // The child ended without printing it: fail instead of hanging.
        void finished.then((f) => reject(new Error(`exited (${f.code ?? f.signal}) before ${pattern}: ${f.stdout}${f.stderr}`)))
      }),
    stop: (signal) => {
      child.kill(signal)
      return finished
    },
    output: () => seen
  }
}

/** A fresh directory with the given files. */
export const fixtures = (files: Record<string, string>): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-cli-test-"))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
  return dir
}

export const MEMBER = "1234567891"

export const RECEIPT = {
  mgtKey: "CLI-0001",
  tradeType: "승인거래",
  tradeUsage: "소득공제용",
  taxationType: "과세",
  supplyCost: "10000",
  tax: "1000",
  serviceFee: "0",
  totalAmount: "11000",
  franchiseCorpNum: MEMBER,
  identityNum: "01012345678",
  itemName: "커피"
}

export const JOIN = {
  ID: "cli-manager",
  Password: "CliTest2026!",
  CorpNum: MEMBER,
  CEOName: "홍길동",
  CorpName: "명령줄상사",
  Addr: "서울특별시 중구 세종대로 110",
  BizType: "도소매",
  BizClass: "전자상거래",
  ContactName: "김담당",
  ContactEmail: "cli@example.com",
  ContactTEL: "02-1234-5678"
}

const HEADER = "mgtKey,tradeType,tradeUsage,taxationType,supplyCost,tax,serviceFee,totalAmount,franchiseCorpNum,identityNum,itemName"

/** Three valid receipts; an item name with a comma and quotes exercises the CSV quoting. */
export const GOOD_CSV = [
  HEADER,
  "CSV-1,승인거래,소득공제용,과세,1000,100,0,1100,1234567891,01012345678,\"coffee, \"\"large\"\"\"",
  "CSV-2,승인거래,지출증빙용,과세,2000,200,0,2200,1234567891,1234567891,",
  "CSV-3,승인거래,소득공제용,비과세,3000,0,0,3000,1234567891,010-000-1234,tea"
].join("\n") + "\n"

/** Line 3: identityNum too short; line 4: unknown tradeUsage and a bad franchiseCorpNum. */
export const BAD_CSV = [
  HEADER,
  "BAD-1,승인거래,소득공제용,과세,1000,100,0,1100,1234567891,01012345678,ok",
  "BAD-2,승인거래,소득공제용,과세,1000,100,0,1100,1234567891,0101234,short number",
  "BAD-3,승인거래,소득공제,과세,1000,100,0,1100,12345,01012345678,bad usage"
].join("\n") + "\n"
