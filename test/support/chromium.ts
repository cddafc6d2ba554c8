/**
 * Which Chromium the browser tests and the screenshot script drive, and with which fonts:
 *
 * 1. `TAXDOC_CHROMIUM`, when set: that executable, with the machine's fonts;
 * 2. otherwise the system's `/usr/bin/chromium` (Debian's `chromium`), with the machine's fonts;
 * 3. otherwise the Chromium that the dev dependency `@sparticuz/chromium` carries inside its package
 *    (headless shell, Linux x64), with the fonts of `@expo-google-fonts/noto-sans-kr` (Korean) and
 *    `dejavu-fonts-ttf` (monospace) alone, the same on every machine.
 *
 * The machine's fonts come with Noto Sans KR added, which draws the Hangul of a machine that has no
 * Korean font (a Chromium installed without Debian's `fonts-noto-cjk`, say).
 *
 * The npm Chromium comes brotli-compressed: it is unpacked once per version into
 * `node_modules/.cache/taxdoc-chromium/<version>/` — the browser, and the NSS libraries the package
 * carries, so that it needs no system library beyond the C library. Nothing is downloaded. It runs
 * with a font configuration of its own holding only those two packages' fonts, in which Noto Sans KR
 * serves the pages' first family "Noto Sans CJK KR" (Google's Noto Sans KR is the Korean cut of that
 * same typeface).
 */
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import * as zlib from "node:zlib"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const SYSTEM = "/usr/bin/chromium"
const CACHE = path.join(ROOT, "node_modules", ".cache", "taxdoc-chromium")
const NPM_CHROMIUM = "@sparticuz/chromium"
/** The fonts from npm: a package and its folders holding the faces the pages use. */
interface NpmFont {
  readonly name: string
  readonly dirs: ReadonlyArray<string>
}
const KOREAN: NpmFont = { name: "@expo-google-fonts/noto-sans-kr", dirs: ["400Regular", "700Bold"] }
const MONOSPACE: NpmFont = { name: "dejavu-fonts-ttf", dirs: ["ttf"] }

export interface Chromium {
  /** Where it came from: `TAXDOC_CHROMIUM`, the system, or the npm package. */
  readonly source: "TAXDOC_CHROMIUM" | "system" | "npm"
  readonly executablePath: string
  /** Variables the browser's process needs on top of its environment (fonts, libraries). */
  readonly env: Record<string, string>
}

/** The Chromium to drive: `TAXDOC_CHROMIUM`, else the system's, else the npm package's (unpacked on first use). */
export const findChromium = (): Chromium => {
  const chosen = process.env["TAXDOC_CHROMIUM"]
  if (chosen !== undefined && chosen !== "") {
    if (!fs.existsSync(chosen)) throw new Error(`TAXDOC_CHROMIUM is ${chosen}, which does not exist.`)
    return { source: "TAXDOC_CHROMIUM", executablePath: chosen, env: { FONTCONFIG_FILE: machineFonts() } }
  }
  if (fs.existsSync(SYSTEM)) return { source: "system", executablePath: SYSTEM, env: { FONTCONFIG_FILE: machineFonts() } }
  return npmChromium()
}

const require = createRequire(import.meta.url)

/** The folder and version of an installed package (from its package.json, or its main module when it exports no package.json). */
const installed = (name: string): { readonly dir: string; readonly version: string } => {
  let found: string
  try {
    found = require.resolve(`${name}/package.json`)
  } catch {
    found = require.resolve(name)
  }
  for (let dir = path.dirname(found); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json")
    const manifest = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string } : {}
    if (manifest.name === name && manifest.version !== undefined) return { dir, version: manifest.version }
  }
  throw new Error(`${name} is installed without its package.json`)
}

const npmChromium = (): Chromium => {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `No Chromium found: ${SYSTEM} is missing and ${NPM_CHROMIUM} carries one for Linux x64 only ` +
        `(this is ${process.platform} ${process.arch}). Set TAXDOC_CHROMIUM to a Chromium executable.`
    )
  }
  const pkg = installed(NPM_CHROMIUM)
  const dir = unpacked(path.join(CACHE, pkg.version), path.join(pkg.dir, "bin"))
  return {
    source: "npm",
    executablePath: path.join(dir, "chromium"),
    env: {
      FONTCONFIG_FILE: ownFonts(),
      LD_LIBRARY_PATH: [path.join(dir, "lib"), process.env["LD_LIBRARY_PATH"]].filter((p) => p !== undefined && p !== "").join(":")
    }
  }
}

/**
 * The folder holding the unpacked browser, unpacking it first if it is not there: into a folder of
 * this process's own, renamed into place whole, so that test files starting together never see a
 * half-written browser (the first rename wins; the others drop their copy).
 */
const unpacked = (dir: string, bin: string): string => {
  if (fs.existsSync(dir)) return dir
  const parent = path.dirname(dir)
  fs.mkdirSync(parent, { recursive: true })
  removeAbandoned(parent)
  const partial = `${dir}.partial-${process.pid}`
  fs.rmSync(partial, { recursive: true, force: true })
  fs.mkdirSync(partial)
  fs.writeFileSync(path.join(partial, "chromium"), zlib.brotliDecompressSync(fs.readFileSync(path.join(bin, "chromium.br"))), { mode: 0o755 })
  // Amazon Linux's NSS libraries (lib/…), which the browser links against.
  untar(zlib.brotliDecompressSync(fs.readFileSync(path.join(bin, "al2023.tar.br"))), partial)
  try {
    fs.renameSync(partial, dir)
  } catch (error) {
    if (!fs.existsSync(dir)) throw error
    fs.rmSync(partial, { recursive: true, force: true })
  }
  return dir
}

/** Removes the partial folders of unpacking processes that no longer run. */
const removeAbandoned = (parent: string): void => {
  for (const name of fs.readdirSync(parent)) {
    const pid = Number(/\.partial-(\d+)$/.exec(name)?.[1])
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) {
      fs.rmSync(path.join(parent, name), { recursive: true, force: true })
    }
  }
}

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Writes the regular files and folders of a tar archive (ustar) under `dir`. */
const untar = (archive: Buffer, dir: string): void => {
  const field = (header: Buffer, at: number, length: number) => header.subarray(at, at + length).toString("utf8").replace(/\0.*$/s, "")
  for (let at = 0; at + 512 <= archive.length;) {
    const header = archive.subarray(at, at + 512)
    if (header.every((byte) => byte === 0)) break
    // POSIX ustar keeps a path prefix at 345; GNU tar keeps other things there.
    const prefix = header.toString("latin1", 257, 263) === "ustar\0" ? field(header, 345, 155) : ""
    const name = path.join(prefix, field(header, 0, 100))
    const size = parseInt(field(header, 124, 12).trim() || "0", 8)
    const mode = parseInt(field(header, 100, 8).trim() || "644", 8)
    const type = field(header, 156, 1)
    const target = path.resolve(dir, name)
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error(`tar entry outside the folder: ${name}`)
    if (type === "5") fs.mkdirSync(target, { recursive: true })
    else if (type === "0" || type === "") {
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, archive.subarray(at + 512, at + 512 + size), { mode })
    } else throw new Error(`tar entry of a kind not handled (${JSON.stringify(type)}): ${name}`)
    at += 512 + Math.ceil(size / 512) * 512
  }
}

const xml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;")

const fontDirs = (font: NpmFont): Array<string> =>
  font.dirs.map((sub) => `  <dir>${xml(path.join(installed(font.name).dir, sub))}</dir>`)

const alias = (family: string, ...prefer: ReadonlyArray<string>) =>
  `  <alias binding="same"><family>${family}</family><prefer>${prefer.map((f) => `<family>${f}</family>`).join("")}</prefer></alias>`

/**
 * The npm Chromium's own font configuration: the npm fonts alone, Noto Sans KR serving
 * "Noto Sans CJK KR" and the proportional generic families, DejaVu Sans Mono `monospace` (Noto Sans
 * KR drawing its Hangul), as Debian's fonts would.
 */
const ownFonts = (): string =>
  fontConfig("own-fonts.conf", [
    ...fontDirs(KOREAN),
    ...fontDirs(MONOSPACE),
    ...["Noto Sans CJK KR", "sans-serif", "serif"].map((family) => alias(family, "Noto Sans KR")),
    alias("monospace", "DejaVu Sans Mono", "Noto Sans KR")
  ])

/** The machine's font configuration (`FONTCONFIG_FILE`, or fontconfig's own), with Noto Sans KR added. */
const machineFonts = (): string =>
  fontConfig("machine-fonts.conf", [
    `  <include ignore_missing="yes">${xml(process.env["FONTCONFIG_FILE"] ?? "/etc/fonts/fonts.conf")}</include>`,
    ...fontDirs(KOREAN)
  ])

/**
 * A fontconfig file under the cache folder, written when it is missing or says something else (a
 * font's folder moved), whole: another process never reads half of it.
 */
const fontConfig = (name: string, lines: ReadonlyArray<string>): string => {
  const text = [
    `<?xml version="1.0"?>`,
    `<!DOCTYPE fontconfig SYSTEM "fonts.dtd">`,
    `<fontconfig>`,
    ...lines,
    `  <cachedir>${xml(path.join(CACHE, "fontconfig-cache"))}</cachedir>`,
    `</fontconfig>`,
    ``
  ].join("\n")
  const file = path.join(CACHE, name)
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) {
    fs.mkdirSync(CACHE, { recursive: true })
    const partial = `${file}.${process.pid}`
    fs.writeFileSync(partial, text)
    fs.renameSync(partial, file)
  }
  return file
}
