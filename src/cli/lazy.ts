/**
 * Commands whose work is loaded when they run. A command's options and help are declared in a
 * light module; what it does — the SDK, the sandbox, the recorder — is imported only when that
 * command runs, so `taxdoc --help` (or a usage error) does not load the whole SDK first. The work
 * runs with the process's own `Console`, not the one fitting @effect/cli's help (src/cli/help.ts).
 *
 * @since 0.1.0
 */
import type * as Command from "@effect/cli/Command"
import * as Effect from "effect/Effect"
import type * as Types from "effect/Types"
import { unfitted } from "./help.js"

/**
 * The parsed options of a command configuration, as its handler receives them.
 *
 * @since 0.1.0
 * @category models
 */
export type Parsed<Config extends Command.Command.Config> = Types.Simplify<Command.Command.ParseConfig<Config>>

type Handler<F> = F extends (input: infer I) => Effect.Effect<void, infer E, infer R> ? (input: I) => Effect.Effect<void, E, R> : never

/**
 * Handlers exported by a module, imported on first use: `handlers("issue")` is the module's
 * `issue`, with its type.
 *
 * @since 0.1.0
 * @category constructors
 */
export const handlers = <M>(load: () => Promise<M>) =>
<K extends keyof M>(name: K): Handler<M[K]> =>
  ((input: unknown) =>
    Effect.flatMap(
      Effect.promise(load),
      (module) => unfitted((module[name] as (input: unknown) => Effect.Effect<void, unknown, unknown>)(input))
    )) as Handler<M[K]>
