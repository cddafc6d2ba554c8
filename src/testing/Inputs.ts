/**
 * Generated inputs of catalogue operations: `valid(operation)` draws inputs that the SDK's
 * validation and the service both accept, `invalid(operation)` inputs that break exactly one rule,
 * labelled with the path and rule the `ValidationError` names.
 *
 * @since 0.1.0
 */
import * as FastCheck from "effect/FastCheck"
import type * as Operation from "../core/Operation.js"
import { type Breakage, breakages } from "./Breakages.js"
import { completions } from "./Completions.js"
import { type Context, derive } from "./Derive.js"
import * as RuleValues from "./RuleValues.js"

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
   * The moment the input is judged at (epoch milliseconds; default: when the arbitrary is made):
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

const inputOf = <O extends Operation.Any>(operation: O, options: Options<O>, context: Context): FastCheck.Arbitrary<Operation.Input<O>> => {
  const fixed = options.fixed ?? {}
  const body = operation.body
  const bodyFixed = fixed.body as unknown
  const bodyArb = body._tag === "None"
    ? FastCheck.constant(undefined)
    : Array.isArray(bodyFixed)
    ? FastCheck.constant(bodyFixed)
    : derive(body.schema.ast, context, completions, bodyFixed as Loose | undefined)
  const member = operation.scope._tag === "None" && fixed.corpNum === undefined ? {} : { corpNum: context.corpNum }
  return FastCheck.record({
    params: derive(operation.params.ast, context, completions, (fixed.params ?? {}) as Loose),
    body: bodyArb
  }).map(({ body: b, params }) => ({
    ...member,
    ...(fixed.userId === undefined ? {} : { userId: fixed.userId }),
    params,
    ...(b === undefined ? {} : { body: b })
  }) as unknown as Operation.Input<O>)
}

const withMember = <O extends Operation.Any, A>(options: Options<O>, make: (context: Context) => FastCheck.Arbitrary<A>): FastCheck.Arbitrary<A> => {
  const now = options.now ?? Date.now()
  const corpNum = options.fixed?.corpNum
  return corpNum === undefined ? RuleValues.corpNum.chain((member) => make({ corpNum: member, now })) : make({ corpNum, now })
}

/**
 * Inputs of `operation` that the SDK's validation and the service accept: every field within its
 * rules, the cross-field rules kept, the member's own number where the document names its sender.
 *
 * @since 0.1.0
 * @category constructors
 */
export const valid = <O extends Operation.Any>(operation: O, options: Options<O> = {}): FastCheck.Arbitrary<Operation.Input<O>> =>
  withMember(options, (context) => inputOf(operation, options, context))

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
export const invalid = <O extends Operation.Any>(operation: O, options: Options<O> = {}): FastCheck.Arbitrary<Invalid<O>> => {
  const all = breakagesOf(operation)
  if (all.length === 0) throw new Error(`${operation.name} takes no input that could break a rule`)
  return withMember(options, (context) =>
    FastCheck.tuple(inputOf(operation, options, context), FastCheck.constantFrom(...all)).map(([input, { breakage, part }]) => {
      const loose = input as unknown as Loose
      const broken = { ...loose, [part]: breakage.apply(loose[part] ?? (part === "params" ? {} : undefined), context) }
      return { input: broken as unknown as Operation.Input<O>, path: breakage.path, rule: breakage.rule }
    }))
}
