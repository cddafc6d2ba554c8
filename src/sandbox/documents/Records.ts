/**
 * What the wire records of the sandbox share: times as KST `yyyyMMddHHmmss`, and fields without a
 * value sent as `null`, as the live service sends them.
 */
import * as Kst from "../../core/Kst.js"

/** An instant of document time as KST `yyyyMMddHHmmss`; `null` for none. */
export const dateTime = (millis: number | undefined): string | null => (millis === undefined ? null : Kst.toDateTime14(millis))

/** The fields `keys` of `record`, each `null` where it has no value. */
export const orNulls = <T extends object, K extends keyof T>(record: T, keys: ReadonlyArray<K>): OrNulls<T, K> => {
  const out: Partial<Record<K, unknown>> = {}
  for (const key of keys) out[key] = record[key] ?? null
  return out as OrNulls<T, K>
}

/** The fields `K` of `T`, those that may be absent as `null`. */
export type OrNulls<T, K extends keyof T> = { [P in K]: undefined extends T[P] ? Exclude<T[P], undefined> | null : T[P] }
