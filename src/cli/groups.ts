/**
 * The command groups of `taxdoc` (`cashbill`, `member`, …, `demo`), each with the module of
 * handlers its commands run — imported when one of them runs (`lazy.ts`), each by its own
 * `import()` so that the bundle keeps it apart — and the examples written under its name. A group's
 * command file takes both from `group(name)`.
 *
 * @since 2.0.0
 */
import * as Command from "effect/cli/Command"
import { handlers } from "./lazy.js"

const work = {
  cashbill: () => import("./cashbill/handlers.js"),
  cassettes: () => import("./cassettes/handlers.js"),
  certificate: () => import("./certificate/handlers.js"),
  collect: () => import("./collect/handlers.js"),
  "company-status": () => import("./companyStatus/handlers.js"),
  demo: () => import("./demo/handler.js"),
  member: () => import("./member/handlers.js"),
  runner: () => import("./runner/handlers.js"),
  sandbox: () => import("./sandbox/handlers.js"),
  statement: () => import("./statement/handlers.js"),
  taxinvoice: () => import("./taxinvoice/handlers.js")
}

/**
 * The name of a command group (`taxdoc cashbill …`).
 *
 * @since 2.0.0
 * @category models
 */
export type Group = keyof typeof work

type HandlersOf<G extends Group> = Awaited<ReturnType<(typeof work)[G]>>

/**
 * The group `name`: `run("issue")` is the handler `issue` of its module, loaded when the command
 * runs; `example("issue --sandbox …")` shows `taxdoc cashbill issue --sandbox …` in its help.
 *
 * @since 2.0.0
 * @category constructors
 */
export const group = <G extends Group>(name: G) => ({
  run: handlers(work[name] as () => Promise<HandlersOf<G>>),
  example: (command: string) => Command.withExamples([{ command: `taxdoc ${name} ${command}` }])
})
