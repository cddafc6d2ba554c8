#!/usr/bin/env node
// The `taxdoc` command: the pre-built bundle of the CLI (dist/cli/bundle/, made by `npm run build`,
// which `npm install` runs in a clone), run by plain Node.
//
// The Node version is checked before anything else is loaded: Effect 4 needs Node 22.19 or later,
// and on an older Node it fails while loading, with a stack that says nothing of the cause. Nothing
// here may be syntax or an import that an older Node refuses before this check runs. The lines are
// those the package's entry points print (src/core/NodeVersion.ts), written out here because this
// runs before anything is built; test/package/nodeVersion.test.ts keeps the two the same.
const NEEDED = [22, 19]
const running = process.versions.node.split(".").map(Number)
const older = running[0] < NEEDED[0] || (running[0] === NEEDED[0] && running[1] < NEEDED[1])
if (older) {
  process.stderr.write(
    `taxdoc needs Node.js ${NEEDED.join(".")} or later; this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      "In a clone of taxdoc, run with the project's own Node (installed by npm install): npm run taxdoc -- <arguments>, npx node <file>\n" +
      `Elsewhere, install Node.js ${NEEDED.join(".")} or later (Node 24 LTS) and run taxdoc with it.\n`
  )
  process.exit(1)
}

// Where Node has a compile cache for modules (22.1 and later), later starts reuse the compiled code.
const { default: module } = await import("node:module")
module.enableCompileCache?.()

const ENTRY = new URL("../dist/cli/bundle/taxdoc.js", import.meta.url)

// In a clone (a .git beside src/), a source newer than the bundle means the command would run older
// code than the checkout holds: say so in one line (an installed package's files share one date).
const fs = await import("node:fs")
if (fs.existsSync(new URL("../.git", import.meta.url)) && fs.existsSync(ENTRY)) {
  const built = fs.statSync(ENTRY).mtimeMs
  const sources = new URL("../src/", import.meta.url)
  const newer = fs.readdirSync(sources, { recursive: true, withFileTypes: true })
    .some((entry) => entry.isFile() && fs.statSync(`${entry.parentPath}/${entry.name}`).mtimeMs > built)
  if (newer) process.stderr.write("taxdoc: the command's bundle is older than src/: run npm run build (this run uses the older build)\n")
}

let command
try {
  command = await import(ENTRY.href)
} catch (error) {
  // The bundle itself is missing (a clone not built yet, or a build under way); any other failure
  // while loading it is a bug, reported as it is.
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes(ENTRY.pathname)) throw error
  process.stderr.write("taxdoc: the command is not built (dist/cli/bundle/taxdoc.js is missing): run npm run build\n")
  process.exit(1)
}
command.run()
