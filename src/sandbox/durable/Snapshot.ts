/**
 * Snapshots of a sandbox's state for tests (`Sandbox.snapshot` / `Sandbox.restore`,
 * `POST /_sandbox/snapshots`): a deep copy of every slot — documents, members, tokens, jobs, the
 * portal's links, the outbox — that keeps the shape of the state (class instances keep their
 * class, maps, sets, arrays and bytes are copied, an object reached twice is copied once and
 * reached twice in the copy), plus the clock offset and the progression policies. Kept answers are
 * left out (a cache, rebuilt on demand). Restoring copies the snapshot again, so the live state
 * never shares a mutable object with it and a snapshot can be restored any number of times.
 */
import type { Kind, Policy } from "../Progression.js"
import type { Entry } from "../Store.js"

/** A sandbox's state at one instant: a value a test keeps and restores before each case. */
export interface SandboxSnapshot {
  readonly _tag: "SandboxSnapshot"
  /** When it was taken (base clock, epoch milliseconds). */
  readonly takenAt: number
  readonly entries: ReadonlyArray<Entry>
  readonly offset: number
  readonly progressions: Readonly<Record<Kind, Policy>>
}

/**
 * A deep copy of `value` keeping its shape: prototypes, maps, sets, arrays, typed arrays, and
 * shared references (each object is copied once). Frozen objects, errors and functions are
 * immutable here and shared as they are.
 */
export const copy = <A>(value: A): A => copyWith(value, new Map())

const copyWith = <A>(value: A, seen: Map<unknown, unknown>): A => {
  if (typeof value !== "object" || value === null) return value
  const known = seen.get(value)
  if (known !== undefined) return known as A
  if (Object.isFrozen(value) || value instanceof Error) return value
  if (ArrayBuffer.isView(value)) {
    const bytes = value as unknown as Uint8Array
    const copied = new (bytes.constructor as Uint8ArrayConstructor)(bytes)
    seen.set(value, copied)
    return copied as unknown as A
  }
  if (value instanceof Map) {
    const copied = new Map()
    seen.set(value, copied)
    for (const [k, v] of value) copied.set(copyWith(k, seen), copyWith(v, seen))
    return copied as A
  }
  if (value instanceof Set) {
    const copied = new Set()
    seen.set(value, copied)
    for (const v of value) copied.add(copyWith(v, seen))
    return copied as A
  }
  if (Array.isArray(value)) {
    const copied: Array<unknown> = new Array(value.length)
    seen.set(value, copied)
    for (let i = 0; i < value.length; i++) if (i in value) copied[i] = copyWith(value[i], seen)
    return copied as A
  }
  const copied = Object.create(Object.getPrototypeOf(value)) as Record<PropertyKey, unknown>
  seen.set(value, copied)
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!
    if ("value" in descriptor) descriptor.value = copyWith(descriptor.value, seen)
    Object.defineProperty(copied, key, descriptor)
  }
  return copied as A
}

/** Copies of `entries`, leaving out the slots `skip` names (caches). */
export const copyEntries = (entries: ReadonlyArray<Entry>, skip: ReadonlySet<string>): ReadonlyArray<Entry> => {
  // One map of copied objects across slots: a document one slot shares with another stays shared.
  const seen = new Map<unknown, unknown>()
  return entries
    .filter((entry) => !skip.has(entry.slot.key))
    .map((entry) => ({ slot: entry.slot, environment: entry.environment, state: copyWith(entry.state, seen) }))
}
