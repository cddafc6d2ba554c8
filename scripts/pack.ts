/**
 * The package.json that goes into the tarball: the repository's, less what only a clone uses — the
 * development scripts (`prepare` among them, which npm would list as an install script of the
 * package), the dev dependencies and `allowScripts`. npm packs the package.json it finds on disk, so
 * `npm pack` and `npm publish` run this around the packing:
 *
 * - `prepack` (`tsx scripts/pack.ts prepack`): builds dist/ if it is stale (`prepare` no longer
 *   runs: the manifest npm reads next has no scripts), keeps the repository's package.json aside
 *   and writes the published one in its place;
 * - `postpack` (`tsx scripts/pack.ts postpack`): puts the repository's back, with its time, so that
 *   nothing looks newer than dist/.
 *
 * A pack cut short between the two leaves the repository's manifest in `.package.json.packing`;
 * the next `prepack` or `postpack` puts it back first.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { ensureBuilt } from "./dist.js"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const KEPT_ASIDE = ".package.json.packing"

/** The manifest's fields a clone alone uses. */
export const DEVELOPMENT_FIELDS = ["scripts", "devDependencies", "allowScripts"] as const

/** The published manifest of a repository's manifest: the same fields in the same order, less those of a clone. */
export const published = (manifest: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(manifest).filter(([key]) => !(DEVELOPMENT_FIELDS as ReadonlyArray<string>).includes(key)))

/** Puts a manifest kept aside by an earlier `prepack` back in place, with its time. */
export const restore = (root: string = ROOT): void => {
  const aside = path.join(root, KEPT_ASIDE)
  if (!fs.existsSync(aside)) return
  const { mtime } = fs.statSync(aside)
  fs.copyFileSync(aside, path.join(root, "package.json"))
  fs.utimesSync(path.join(root, "package.json"), mtime, mtime)
  fs.rmSync(aside)
}

/** Builds dist/ if stale, keeps the repository's manifest aside (with its time) and writes the published one. */
export const prepack = (root: string = ROOT): void => {
  restore(root)
  ensureBuilt(process.env, root)
  const file = path.join(root, "package.json")
  const text = fs.readFileSync(file, "utf8")
  fs.copyFileSync(file, path.join(root, KEPT_ASIDE), fs.constants.COPYFILE_EXCL)
  const { mtime } = fs.statSync(file)
  fs.utimesSync(path.join(root, KEPT_ASIDE), mtime, mtime)
  fs.writeFileSync(file, `${JSON.stringify(published(JSON.parse(text) as Record<string, unknown>), null, 2)}\n`)
}

const step = process.argv[2]
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (step === "prepack") prepack()
  else if (step === "postpack") restore()
  else {
    process.stderr.write("usage: tsx scripts/pack.ts prepack|postpack (npm pack and npm publish run it)\n")
    process.exit(2)
  }
}
