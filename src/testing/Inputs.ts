/**
 * Generated inputs of catalogue operations, as descriptions (`Described.ts`) that both kinds of
 * property test read: `valid(operation)` describes inputs that the SDK's validation and the service
 * both accept, `invalid(operation)` inputs that break exactly one rule, labelled with the path and
 * rule the `ValidationError` names.
 *
 * @since 0.1.0
 */
import * as Gen from "../core/Gen.js"
import type * as Operation from "../core/Operation.js"
import { corpNumValues } from "../core/Schemas.js"
import { type Breakage, breakages } from "./Breakages.js"
import { completions } from "./Completions.js"
import { type Context, derive, type Draft } from "./Derive.js"
import type { Described } from "./Described.js"

/**
 * Fields pinned in every generated input: the member, the user, parameters and body fields (a list
 * body is pinned whole). Pinned fields are kept, and the cross-field rules are made to hold around
 * them (pin `itemCode` and a statement gets the `taxType` its type requires).
 *
 * @since 0.1.0
 * @category models
 */
export interface Fixed<O extends Operation.Any> {
  readonly corpNum?: string
  readonly userId?: string
  readonly params?: Partial<Operation.ParamsInput<O>>
  readonly body?: Operation.BodyInput<O> extends ReadonlyArray<unknown> ? Operation.BodyInput<O> : Partial<Operation.BodyInput<O>>
}

/**
 * Options of `valid` and `invalid`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options<O extends Operation.Any> {
  readonly fixed?: Fixed<O>
  /**
   * The moment the input is judged at (epoch milliseconds; default: when the generator is made):
   * trade times and write dates fall in the window the rules allow at that moment. Give the same
   * moment as the clock of the service under test, and a fixed one for runs that replay by seed.
   */
  readonly now?: number
}

/**
 * An input that breaks one rule, with the path and rule `ValidationError` reports for it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Invalid<O extends Operation.Any> {
  readonly input: Operation.Input<O>
  readonly path: string
  readonly rule: string
}

type Loose = Readonly<Record<string, unknown>>

const nowOf = (options: { readonly now?: number }): number => options.now ?? Date.now()

/** The input of `operation` as a draft: the member's number and `now` are given last. */
const inputOf = <O extends Operation.Any>(operation: O, options: Options<O>): Gen.Gen<Draft> => {
  const fixed = options.fixed ?? {}
  const bodyFixed = fixed.body as unknown
  const body: Gen.Gen<Draft | undefined> = operation.body._tag === "None"
    ? Gen.constant(undefined)
    : Array.isArray(bodyFixed)
    ? Gen.constant((): unknown => bodyFixed)
    : derive(operation.body.schema.ast, completions, bodyFixed as Loose | undefined)
  const params = derive(operation.params.ast, completions, (fixed.params ?? {}) as Loose)
  const named = operation.scope._tag !== "None" || fixed.corpNum !== undefined
  return Gen.tuple([params, body], ([p, b]): Draft => (context) => {
    const value = b?.(context)
    return {
      ...(named ? { corpNum: context.corpNum } : {}),
      ...(fixed.userId === undefined ? {} : { userId: fixed.userId }),
      params: p(context),
      ...(value === undefined ? {} : { body: value })
    }
  })
}

/** A draft given its context: the pinned member, or one drawn with it. */
const given = <A>(options: { readonly fixed?: { readonly corpNum?: string } }, now: number, draft: Gen.Gen<(context: Context) => A>): Gen.Gen<A> => {
  const corpNum = options.fixed?.corpNum
  return corpNum === undefined
    ? Gen.tuple([corpNumValues, draft], ([member, d]) => d({ corpNum: member, now }))
    : Gen.map(draft, (d) => d({ corpNum, now }))
}

/**
 * Inputs of `operation` (`{ corpNum, params, body }`, what `TaxdocClient.call` takes) that the SDK's
 * validation and the service accept: every field within its rules, the cross-field rules kept, the
 * member's own number where the document names its sender.
 *
 * @since 0.1.0
 * @category constructors
 */
export const valid = <O extends Operation.Any>(operation: O, options: Options<O> = {}): Described<Operation.Input<O>> => {
  const now = nowOf(options)
  return { now, gen: given(options, now, inputOf(operation, options)) as Gen.Gen<Operation.Input<O>> }
}

/**
 * Every single-rule breakage `invalid(operation)` draws from (parameters and body).
 *
 * @since 0.1.0
 * @category constructors
 */
export const breakagesOf = (operation: Operation.Any): ReadonlyArray<{ readonly part: "params" | "body"; readonly breakage: Breakage }> => [
  ...breakages(operation.params.ast).map((breakage) => ({ part: "params" as const, breakage })),
  ...(operation.body._tag === "None" ? [] : breakages(operation.body.schema.ast).map((breakage) => ({ part: "body" as const, breakage })))
]

/**
 * Inputs of `operation` that break exactly one rule — of a field, or across fields — each with the
 * path and rule the SDK's `ValidationError` reports (the service refuses them with `{code,
 * message}`). Operations without parameters or body have none: `invalid` throws for them.
 *
 * @since 0.1.0
 * @category constructors
 */
export const invalid = <O extends Operation.Any>(operation: O, options: Options<O> = {}): Described<Invalid<O>> => {
  const all = breakagesOf(operation)
  if (all.length === 0) throw new Error(`${operation.name} takes no input that could break a rule`)
  const now = nowOf(options)
  const broken = Gen.tuple([inputOf(operation, options), Gen.constantFrom(...all)], ([draft, { breakage, part }]) => (context: Context): Invalid<O> => {
    const input = draft(context) as Loose
    const value = breakage.apply(input[part] ?? (part === "params" ? {} : undefined), context)
    return { input: { ...input, [part]: value } as unknown as Operation.Input<O>, path: breakage.path, rule: breakage.rule }
  })
  return { now, gen: given(options, now, broken) }
}
