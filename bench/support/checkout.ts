/**
 * An earlier revision of this repository beside this checkout, for a benchmark measuring it side
 * by side with this one: a temporary git worktree sharing this checkout's node_modules.
 *
 * @since 0.1.0
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ROOT } from "./compile.js"

/**
 * `git …` in this checkout; its output, trimmed.
 *
 * @since 0.1.0
 * @category constructors
 */
export const git = (...args: ReadonlyArray<string>): string => execFileSync("git", args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }).toString().trim()

/**
 * Runs `fn` with a checkout of `rev` (its directory and short commit), removed afterwards.
 *
 * @since 0.1.0
 * @category combinators
 */
export const withCheckout = async <A>(rev: string, fn: (dir: string, commit: string) => Promise<A>): Promise<A> => {
  const commit = git("rev-parse", "--short", rev)
  const dir = join(mkdtempSync(join(tmpdir(), "taxdoc-base-")), "checkout")
  git("worktree", "add", "--detach", dir, commit)
  try {
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir")
    return await fn(dir, commit)
  } finally {
    git("worktree", "remove", "--force", dir)
    rmSync(join(dir, ".."), { recursive: true, force: true })
  }
}
