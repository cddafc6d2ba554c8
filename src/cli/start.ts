/**
 * The first module of the `taxdoc` command, the entry point of its bundle (scripts/cli-bundle.ts):
 * the help of a command (`--help`, `-h`, a command group alone) and `--version` are answered from
 * the pages kept beside the bundle (src/cli/pages.ts) without loading the command; any other
 * command line loads the command (main.ts) and runs it.
 *
 * @since 0.1.0
 */
import * as Pages from "./pages.js"

/**
 * Runs the process's command line and exits with its code.
 *
 * @since 0.1.0
 * @category combinators
 */
export const run = (): void => {
  const args = process.argv.slice(2)
  const pages = Pages.mayAnswer(args) ? Pages.load(new URL("./", import.meta.url).href) : undefined
  const answer = pages === undefined ? undefined : Pages.answerOf(pages, args)
  if (answer !== undefined) Pages.print(answer)
  else void import("./main.js").then((command) => command.run())
}
