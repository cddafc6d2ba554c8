/**
 * The package as a user installs it: `npm pack` of a checkout (dist/ and the command's bundle as
 * built), the tarball installed with its peers into a scratch project outside the repository, as
 * `test/package/pack.test.ts` does. The cold-start and command start-up benchmarks run there: this
 * checkout's package in a project of each run, the release line's (with its own peers) in a project
 * kept beside its worktree (`checkout.ts`), since a revision's package never changes.
 *
 * @since 0.1.0
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { type Checkout, runTool } from "./checkout.js"
import { ROOT } from "./compile.js"

const INSTALL = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]

interface Manifest {
  readonly version: string
  readonly peerDependencies?: Readonly<Record<string, string>>
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>
}

const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest

/**
 * The peers a checkout's package needs (its peer dependencies that are not optional): for 1.0
 * `effect` and `@effect/platform-node`; for 0.1 `effect`, `@effect/platform`,
 * `@effect/platform-node` and `@effect/cli`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const peersOf = (root: string = ROOT): ReadonlyArray<string> => {
  const manifest = manifestOf(root)
  return Object.keys(manifest.peerDependencies ?? {}).filter((name) => manifest.peerDependenciesMeta?.[name]?.optional !== true).sort()
}

/**
 * Runs a command to its end (this process's Node first on PATH); its output is kept for the error
 * when it fails.
 *
 * @since 0.1.0
 * @category utils
 */
export const runOk = (command: string, args: ReadonlyArray<string>, cwd: string): Promise<string> => runTool(command, args, cwd)

/**
 * Packs the checkout at `root` (default this one) into `work` and installs the tarball with its
 * peers, at the versions installed in that checkout, into `work/app` (an ES module project);
 * answers that project's directory.
 *
 * @since 0.1.0
 * @category constructors
 */
export const install = async (work: string, name: string, root: string = ROOT): Promise<string> => {
  const app = join(work, "app")
  const packed = JSON.parse(await runOk("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], root)) as ReadonlyArray<{ filename: string }>
  mkdirSync(app)
  writeFileSync(join(app, "package.json"), JSON.stringify({ name, version: "1.0.0", private: true, type: "module" }, null, 2))
  const peers = peersOf(root).map((peer) => `${peer}@${manifestOf(join(root, "node_modules", peer)).version}`)
  await runOk("npm", [...INSTALL, join(work, packed[0]!.filename), ...peers], app)
  return app
}

/**
 * The package of a prepared checkout (built: `prepare(rev, { build: true })`) installed with its
 * own peers into a project kept beside its worktree, made once; answers that project's directory.
 *
 * @since 1.0.0
 * @category constructors
 */
export const installCheckout = async (checkout: Checkout, name: string): Promise<string> => {
  const work = join(dirname(checkout.root), "installed-package")
  const stamp = join(dirname(checkout.root), "stamp-installed-package")
  const app = join(work, "app")
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === name) return app
  rmSync(stamp, { force: true })
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work)
  await install(work, name, checkout.root)
  writeFileSync(stamp, name)
  return app
}
