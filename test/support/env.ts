/**
 * The environment of every process a test starts (the `taxdoc` command, `node`, `npm`, `tsc`, a
 * pseudo-terminal, the browser): this process's, less what would make the child's behaviour depend on
 * who ran the suite and how, plus what the test says.
 *
 * - Removed: what changes how a program prints (`NO_COLOR`, `FORCE_COLOR`, `NODE_DISABLE_COLORS`,
 *   `COLORTERM`, `COLUMNS`, `LINES`, `TERM`, `CI`), the locale's categories (`LC_*`, `LANGUAGE`),
 *   `NODE_ENV`, and what an enclosing `npm test` or vitest sets (`npm_*`, `INIT_CWD`, `COLOR`,
 *   `NODE_OPTIONS`, `VITEST*`), and `TAXDOC_*` (so nothing points at a real service).
 * - Set: `TZ=UTC` and `LANG=C.UTF-8`, so that the machine's time zone and language never reach a
 *   child (the SDK dates documents in KST whatever the zone; a test that means another zone says so).
 *
 * What a test passes comes last: `{ TERM: "xterm-256color", NO_COLOR: "1" }` sets two variables,
 * `{ LANG: undefined }` leaves one out.
 */

/** Names removed from a child's environment, exactly. */
const REMOVED = new Set([
  "NO_COLOR",
  "FORCE_COLOR",
  "NODE_DISABLE_COLORS",
  "COLORTERM",
  "COLUMNS",
  "LINES",
  "TERM",
  "CI",
  "LANGUAGE",
  "NODE_ENV",
  "NODE_OPTIONS",
  "INIT_CWD",
  "COLOR"
])

/** Prefixes of names removed from a child's environment (`npm_` in npm's own lower case only). */
const REMOVED_PREFIXES = ["LC_", "npm_", "VITEST", "TAXDOC_"]

/** What every child gets unless the test says otherwise. */
export const BASELINE: Readonly<Record<string, string>> = { TZ: "UTC", LANG: "C.UTF-8" }

/** Whether a variable of this process is left out of a child's environment. */
export const isRemoved = (name: string): boolean =>
  name in BASELINE || REMOVED.has(name) || REMOVED_PREFIXES.some((prefix) => name.startsWith(prefix))

/** A child's environment: this one less the removed variables, the baseline, then `set`. */
export const childEnv = (set: Readonly<Record<string, string | undefined>> = {}): Record<string, string> => {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !isRemoved(name)) env[name] = value
  for (const [name, value] of Object.entries({ ...BASELINE, ...set })) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
  return env
}
