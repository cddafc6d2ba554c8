/**
 * Canonical JSON: sorted keys at every depth, so that a value serialises to one text whatever
 * order its keys were built in (stable cassettes, key-order-insensitive matching).
 *
 * @since 0.1.0
 */

/**
 * Sets an own member, even one named `__proto__` (which plain assignment would not create).
 *
 * @since 0.1.0
 * @category combinators
 */
export const setMember = (target: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * A value with every object's keys sorted, recursively.
 *
 * @since 0.1.0
 * @category combinators
 */
export const canonicalize = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonicalize)
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key]
      if (member !== undefined) setMember(out, key, canonicalize(member))
    }
    return out
  }
  return value
}

/**
 * The canonical text of a value: sorted keys, optionally indented.
 *
 * @since 0.1.0
 * @category combinators
 */
export const stableStringify = (value: unknown, indent?: number): string => JSON.stringify(canonicalize(value), null, indent)

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * `parent.key`, or `parent["odd key"]` when the key is not a plain name.
 *
 * @since 0.1.0
 * @category combinators
 */
export const memberPath = (parent: string, key: string): string =>
  identifier.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`

/**
 * The leaves of a JSON value as `path → JSON text of the leaf`, in canonical order. Empty arrays
 * and objects are leaves of their own, so that `[]` and `{}` still differ from an absent member.
 *
 * @since 0.1.0
 * @category combinators
 */
export const flatten = (value: unknown, path: string, into: Array<readonly [string, string, string?]> = []): Array<readonly [string, string, string?]> => {
  if (Array.isArray(value)) {
    if (value.length === 0) into.push([path, "[]"])
    value.forEach((item, i) => flatten(item, `${path}[${i}]`, into))
  } else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort()
    if (keys.length === 0) into.push([path, "{}"])
    for (const key of keys) {
      const member = (value as Record<string, unknown>)[key]
      if (member !== undefined) flatten(member, memberPath(path, key), into)
    }
  } else {
    into.push([path, JSON.stringify(value)])
  }
  return into
}

/**
 * Parses JSON text, `undefined` when it is not JSON.
 *
 * @since 0.1.0
 * @category combinators
 */
export const parseOrUndefined = (text: string): { readonly value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return undefined
  }
}
