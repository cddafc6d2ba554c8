/**
 * Headless Chromium for the portal's browser tests and the screenshot script, driven through
 * `playwright-core` (which never downloads a browser): the Chromium `findChromium` picks (the
 * system's, or the one an npm dev dependency carries), with background networking off (this
 * machine's network is closed), in a fresh, empty profile directory removed on close.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type BrowserContext, chromium } from "playwright-core"
import { type Chromium, findChromium } from "./chromium.js"
import { childEnv } from "./env.js"

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
]

export interface Browser {
  readonly chromium: Chromium
  readonly context: BrowserContext
  readonly close: () => Promise<void>
}

/** Launches Chromium in a fresh profile; fails, saying what to do, when there is none to launch. */
export const launch = async (options: { readonly locale?: string } = {}): Promise<Browser> => {
  const found = findChromium()
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-chromium-"))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: found.executablePath,
    headless: true,
    args: ARGS,
    env: childEnv(found.env),
    locale: options.locale ?? "ko-KR",
    viewport: { width: 1100, height: 1400 }
  })
  return {
    chromium: found,
    context,
    close: async () => {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  }
}
