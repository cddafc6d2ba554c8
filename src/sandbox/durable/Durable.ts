/**
 * What a durable sandbox (`data` option, `taxdoc sandbox serve --data DIR`) needs of each slot: a
 * codec turning one part of its state (a member's documents, a token's record, a portal ticket)
 * into rows of facts and rebuilding the state from them, and a mark, `changed(state, part)`, that
 * state functions call when they change a part. Marks cost one `WeakMap` lookup and nothing else
 * when the sandbox keeps its state only in memory: no state is watched then.
 *
 * A row is a JSON value (its text is what is stored) or bytes (a file's content, stored as is).
 * Derived structures — indexes, interned texts, kept answers — are never rows: `load` rebuilds
 * them from the facts.
 */
import type { Environment, Slot } from "../Store.js"

/** The value of a row: JSON, or bytes kept as they are. */
export type RowValue = unknown

/**
 * A row made only when its document changed: `source` is the live document, whose own fields are
 * compared (`AnswerCache.fingerprint`: values, objects by identity, arrays by identity and length)
 * before `row` is called. For documents whose changes all reach their own fields — a field set,
 * an object replaced, an array grown or shrunk.
 */
export class Lazy {
  constructor(readonly source: object, readonly row: () => RowValue) {}
}

/** The rows of one part, by key. */
export type Rows = ReadonlyMap<string, RowValue>

/** How one slot's state is kept on disk. */
export interface Codec<S> {
  readonly slot: Slot<S>
  /** Every part the state holds (a full save: after a restore, a migration). */
  // Methods (not function properties), so a list of codecs of different slots is a list of
  // `Codec<unknown>`.
  parts(state: S): Iterable<string>
  /** The rows of one part as they are now; none when the part is gone. */
  rows(state: S, part: string): Iterable<readonly [string, RowValue]>
  /** Small facts of the whole slot (counters), compared on every save; `undefined` for none. */
  globals(state: S): RowValue
  /** The state of one environment rebuilt from its parts' rows and its globals. */
  load(environment: Environment, parts: ReadonlyMap<string, Rows>, globals: RowValue | undefined): S
}

/** Defines a codec. */
export const codec = <S>(definition: Codec<S>): Codec<S> => definition

const watchers = new WeakMap<object, (part: string) => void>()

/**
 * Marks a part of a slot's state as changed (or possibly changed: reads that move a progression
 * count too). Call it inside the synchronous step that changes it.
 */
export const changed = (state: object, part: string): void => {
  const watcher = watchers.get(state)
  if (watcher !== undefined) watcher(part)
}

/** Watches a slot's state: `changed(state, part)` calls `onChange(part)` from now on. */
export const watch = (state: object, onChange: (part: string) => void): void => {
  watchers.set(state, onChange)
}

/**
 * The rows of one member of a slot that keeps its members in a map: `rowsOf` lists them; none when
 * the member is gone.
 */
export const memberRows = <M>(
  members: ReadonlyMap<string, M>,
  corpNum: string,
  rowsOf: (member: M, rows: Array<readonly [string, RowValue]>) => void
): ReadonlyArray<readonly [string, RowValue]> => {
  const member = members.get(corpNum)
  const rows: Array<readonly [string, RowValue]> = []
  if (member !== undefined) rowsOf(member, rows)
  return rows
}

/**
 * The codec of a slot holding one value per member (`Map<corpNum, value>`): one row per member,
 * stored as it is.
 */
export const perMember = <V>(slot: Slot<Map<string, V>>, row: string): Codec<Map<string, V>> => ({
  slot,
  parts: (all) => all.keys(),
  rows: (all, corpNum) => memberRows(all, corpNum, (value, rows) => rows.push([row, value])),
  globals: () => undefined,
  load: (_environment, parts) => {
    const all = new Map<string, V>()
    for (const [corpNum, rows] of parts) {
      const value = rows.get(row)
      if (value !== undefined) all.set(corpNum, value as V)
    }
    return all
  }
})

const identities = new WeakMap<object, number>()
let nextIdentity = 0
const identityOf = (value: object): number => {
  let id = identities.get(value)
  if (id === undefined) {
    id = ++nextIdentity
    identities.set(value, id)
  }
  return id
}

/**
 * A version of a document made of all its own fields but those named in `ignore` (inputs that
 * never change, counters no record shows): primitive values as they are, objects by identity and
 * arrays by identity and length (they grow in place). Any field a change sets — one added later
 * included — changes the version, so a kept answer cannot go stale.
 */
export const fingerprint = (document: object, ignore: ReadonlySet<string>): string => {
  let version = ""
  for (const key in document) {
    if (ignore.has(key)) continue
    const value = (document as Record<string, unknown>)[key]
    version += typeof value === "object" && value !== null
      ? Array.isArray(value) ? `#${identityOf(value)}:${value.length}|` : `#${identityOf(value)}|`
      : `${String(value)}|`
  }
  return version
}
