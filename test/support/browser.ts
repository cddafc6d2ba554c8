/**
 * Headless Chromium for the portal's browser tests and the screenshot script, driven through
 * `playwright-core` (which never downloads a browser): the system's Chromium (`TAXDOC_CHROMIUM`, or
 * Debian's `/usr/bin/chromium`) with background networking off (this machine's network is closed),
 * in a fresh, empty profile directory removed on close.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type BrowserContext, chromium } from "playwright-core"

/** The Chromium executable used. */
export const CHROMIUM = process.env["TAXDOC_CHROMIUM"] ?? "/usr/bin/chromium"

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
  readonly context: BrowserContext
  readonly close: () => Promise<void>
}

/** Launches Chromium; fails, saying how to install it, when the executable is missing. */
export const launch = async (options: { readonly locale?: string } = {}): Promise<Browser> => {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. The portal's browser tests need it: on Debian or Ubuntu run ` +
        "`sudo apt-get install -y chromium fonts-noto-cjk`, or set TAXDOC_CHROMIUM to a Chromium executable."
    )
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-chromium-"))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    locale: options.locale ?? "ko-KR",
    viewport: { width: 1100, height: 1400 }
  })
  return {
    context,
    close: async () => {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  }
}
