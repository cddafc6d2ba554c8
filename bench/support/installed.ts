/**
 * The package as a user installs it: `npm pack` of this checkout (dist/ and the command's bundle as
 * built), the tarball installed with its peers into a scratch project outside the repository, as
 * `test/package/pack.test.ts` does. The cold-start and command start-up benchmarks run there.
 *
 * @since 0.1.0
 */
import { spawn } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { plainEnv } from "./child.js"
import { ROOT } from "./compile.js"

/**
 * The peers installed beside the package, at the versions installed here.
 *
 * @since 0.1.0
 * @category constants
 */
export const PEERS = ["effect", "@effect/platform", "@effect/platform-node", "@effect/cli"]

const INSTALL = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]

const installedVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version

/**
 * Runs a command to its end; its output is kept for the error when it fails.
 *
 * @since 0.1.0
 * @category utils
 */
export const runOk = (command: string, args: ReadonlyArray<string>, cwd: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: plainEnv(), stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.on("error", reject)
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${output}`))))
  })

/**
 * Packs this checkout into `work` and installs the tarball with its peers into `work/app` (an ES
 * module project); answers that project's directory.
 *
 * @since 0.1.0
 * @category constructors
 */
export const install = async (work: string, name: string): Promise<string> => {
  const app = join(work, "app")
  const packed = JSON.parse(await runOk("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], ROOT)) as ReadonlyArray<{ filename: string }>
  mkdirSync(app)
  writeFileSync(join(app, "package.json"), JSON.stringify({ name, version: "1.0.0", private: true, type: "module" }, null, 2))
  await runOk("npm", [...INSTALL, join(work, packed[0]!.filename), ...PEERS.map((peer) => `${peer}@${installedVersion(peer)}`)], app)
  return app
}

/**
 * Builds the checkout of another revision in `checkout` (its library's `dist/`), packs it and
 * installs it into the scratch project `app` under the name `alias` (`npm install alias@file:…`),
 * so that an app there can import both revisions side by side.
 *
 * @since 0.1.0
 * @category constructors
 */
export const installRevision = async (app: string, work: string, checkout: string, alias: string): Promise<void> => {
  await runOk("npx", ["tsc", "-p", "tsconfig.build.json"], checkout)
  const into = join(work, alias)
  mkdirSync(into)
  const packed = JSON.parse(await runOk("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", into], checkout)) as ReadonlyArray<{ filename: string }>
  await runOk("npm", [...INSTALL, `${alias}@file:${join(into, packed[0]!.filename)}`], app)
}
