/**
 * Commands whose work is loaded when they run. A command's flags and help are declared in a light
 * module; what it does — the SDK, the sandbox, the recorder — is imported only when that command
 * runs, so `taxdoc --help`, a usage error or another command does not load the whole SDK first.
 *
 * @since 0.1.0
 */
import type * as Command from "effect/cli/Command"
import * as Effect from "effect/Effect"

/**
 * The parsed flags and arguments of a command configuration, as its handler receives them.
 *
 * @since 0.1.0
 * @category models
 */
export type Parsed<Config extends Command.Command.Config> = Command.Command.Config.Infer<Config>

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
      (module) => (module[name] as (input: unknown) => Effect.Effect<void, unknown, unknown>)(input)
    )) as Handler<M[K]>
