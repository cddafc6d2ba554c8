/**
 * The shape of a JSON answer, as `Verify.ts` compares a recorded answer with the sandbox's: the
 * fields present at every path (`$.list[].itemKey`: every item of an array counts) and the JSON
 * types seen there. Values are not compared — dates, confirmation numbers, item keys and messages
 * the sandbox makes up differ from the recorded ones and still have the recorded shape.
 *
 * @since 0.1.0
 */
import { memberPath } from "./internal/json.js"

/**
 * The JSON type of a value.
 *
 * @since 0.1.0
 * @category models
 */
export type JsonType = "string" | "number" | "boolean" | "null" | "array" | "object"

/**
 * A shape: the JSON types seen at each path, and the array paths that held at least one item.
 *
 * @since 0.1.0
 * @category models
 */
export interface Shape {
  readonly types: ReadonlyMap<string, ReadonlySet<JsonType>>
  readonly filledArrays: ReadonlySet<string>
}

/**
 * Where two shapes differ: the path, and the types on each side (empty: the field is absent).
 *
 * @since 0.1.0
 * @category models
 */
export interface ShapeDifference {
  readonly field: string
  readonly recorded: ReadonlyArray<JsonType>
  readonly sandbox: ReadonlyArray<JsonType>
}

const typeOf = (value: unknown): JsonType =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "object" ? "object" : (typeof value as "string" | "number" | "boolean")

/**
 * The shape of a JSON value.
 *
 * @since 0.1.0
 * @category constructors
 */
export const shapeOf = (value: unknown): Shape => {
  const types = new Map<string, Set<JsonType>>()
  const filledArrays = new Set<string>()
  const visit = (v: unknown, path: string): void => {
    const type = typeOf(v)
    const seen = types.get(path) ?? new Set<JsonType>()
    seen.add(type)
    types.set(path, seen)
    if (Array.isArray(v)) {
      if (v.length > 0) filledArrays.add(path)
      for (const item of v) visit(item, `${path}[]`)
    } else if (type === "object") {
      for (const [key, member] of Object.entries(v as Record<string, unknown>)) visit(member, memberPath(path, key))
    }
  }
  visit(value, "$")
  return { types, filledArrays }
}

// The array paths a path lies under: `$.a[].b[].c` → `$.a`, `$.a[].b`.
const arraysAbove = (path: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  let at = path.indexOf("[]")
  while (at >= 0) {
    out.push(path.slice(0, at))
    at = path.indexOf("[]", at + 2)
  }
  return out
}

/**
 * Where `sandbox` departs from `recorded`: a field on one side only, or a field whose types on the
 * two sides have none in common (`null` goes with every type). Fields under an array that is empty on either side are not
 * compared (there is nothing to compare them with).
 *
 * @since 0.1.0
 * @category combinators
 */
export const differences = (recorded: Shape, sandbox: Shape): ReadonlyArray<ShapeDifference> => {
  const out: Array<ShapeDifference> = []
  const paths = [...new Set([...recorded.types.keys(), ...sandbox.types.keys()])].sort()
  const reported = new Set<string>()
  for (const field of paths) {
    if (arraysAbove(field).some((array) => !recorded.filledArrays.has(array) || !sandbox.filledArrays.has(array))) continue
    // A field absent on one side is reported once, not again for each field beneath it.
    if ([...reported].some((parent) => field.startsWith(parent) && /^[.[]/.test(field.slice(parent.length)))) continue
    const left = [...(recorded.types.get(field) ?? [])].sort()
    const right = [...(sandbox.types.get(field) ?? [])].sort()
    // `null` is a present field without a value: it has the shape of any value (a date the
    // sandbox has set and the recording had not yet).
    const nullable = left.length > 0 && right.length > 0 && (left.includes("null") || right.includes("null"))
    if (nullable || left.some((type) => right.includes(type))) continue
    out.push({ field, recorded: left, sandbox: right })
    if (left.length === 0 || right.length === 0) reported.add(field)
  }
  return out
}

/**
 * The types of one side as words: `string`, `string or null`, `absent`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const describeTypes = (types: ReadonlyArray<JsonType>): string => (types.length === 0 ? "absent" : types.join(" or "))
