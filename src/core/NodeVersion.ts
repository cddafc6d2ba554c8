/**
 * The Node.js the package runs on. Every entry point imports this module before anything else, and
 * ES modules are evaluated in the order of their imports: on a Node older than taxdoc needs, this
 * runs first and ends the program with the lines `bin/taxdoc.js` prints, before a dependency fails
 * while loading with a stack that says nothing of the cause (undici's decompression, on Node 20).
 * Nothing here may be syntax or an import an older Node refuses.
 *
 * The check ends the process rather than throwing: no part of the package works on that Node, and
 * an uncaught error would print Node's own source excerpt around the message.
 *
 * @since 1.1.0
 */

/**
 * The oldest Node.js taxdoc runs on (`engines` in package.json): `@effect/platform-node` 4 needs it.
 *
 * @since 1.1.0
 * @category constants
 */
export const REQUIRED: readonly [number, number] = [22, 19]

/**
 * Whether a Node.js version (`process.versions.node`) is recent enough.
 *
 * @since 1.1.0
 * @category combinators
 */
export const isSupported = (version: string): boolean => {
  const [major = 0, minor = 0] = version.split(".").map(Number)
  return major > REQUIRED[0] || (major === REQUIRED[0] && minor >= REQUIRED[1])
}

/**
 * What an older Node is told: which Node taxdoc needs, which one this is, and how a clone of the
 * repository (which brings Node 24 as a dev dependency) or anyone else gets one.
 *
 * @since 1.1.0
 * @category combinators
 */
export const message = (version: string, execPath: string): string =>
  `taxdoc needs Node.js ${REQUIRED.join(".")} or later; this is Node.js ${version} (${execPath}).\n` +
  "In a clone of taxdoc, run with the project's own Node (installed by npm install): npm run taxdoc -- <arguments>, npx node <file>\n" +
  `Elsewhere, install Node.js ${REQUIRED.join(".")} or later (Node 24 LTS) and run taxdoc with it.\n`

if (!isSupported(process.versions.node)) {
  process.stderr.write(message(process.versions.node, process.execPath))
  process.exit(1)
}
