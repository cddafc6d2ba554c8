/**
 * What a durable sandbox has changed and not yet saved, and the saving itself: every part marked
 * with `Durable.changed` since the last save is turned into rows by its slot's codec, compared with
 * what is on disk (kept in memory, as text), and only the rows that differ are written — together
 * with the slots' globals, the clock offset and the progression policies — in one transaction,
 * before the request that changed them is answered.
 */
import { fingerprint } from "./Durable.js"
import { type Codec, Lazy, type RowValue, type Rows, watch } from "./Durable.js"
import type { RowChange, Storage } from "./Storage.js"
import type { Entry, Environment } from "../Store.js"

/** A row value as stored and compared: JSON text, or the bytes themselves (compared by identity). */
type Stored = string | Uint8Array

const storedOf = (value: RowValue): Stored =>
  value instanceof Uint8Array ? value : JSON.stringify(value instanceof Lazy ? value.row() : value)

const NOTHING: ReadonlySet<string> = new Set()

/** What a document looked like when its row was last made. */
interface Made {
  readonly source: object
  readonly version: string
  readonly stored: Stored
}

const GLOBALS = "" // the part of a slot's globals: no codec names a part so

/** The journal of a durable sandbox. */
export interface Journal {
  /** Watches a slot state the store created or was given. */
  readonly onState: (entry: Entry) => void
  /** Saves every change since the last save, and the settings when they changed; throws when the disk refuses. */
  readonly save: (entries: ReadonlyArray<Entry>, settings: ReadonlyArray<readonly [string, string]>) => void
  /** Takes what the store holds as what is on disk (after loading it). */
  readonly prime: (entries: ReadonlyArray<Entry>, settings: ReadonlyArray<readonly [string, string]>) => void
  /** The next save replaces everything on disk by the store's state (after a reset or a restore). */
  readonly rewrite: () => void
  /**
   * The rows (`environment domain part key`) where the state differs from what was saved: none
   * once a write is answered. A check for tests; it serialises the whole state.
   */
  readonly unsaved: (entries: ReadonlyArray<Entry>) => ReadonlyArray<string>
}

/** The states of every slot of `codecs` rebuilt from stored rows. */
export const load = (codecs: ReadonlyArray<Codec<unknown>>, rows: ReadonlyArray<{ readonly environment: string; readonly domain: string; readonly part: string; readonly key: string; readonly value: string | Uint8Array }>): ReadonlyArray<Entry> => {
  const grouped = new Map<string, { parts: Map<string, Map<string, RowValue>>; globals: RowValue | undefined }>()
  for (const row of rows) {
    const id = `${row.environment}\n${row.domain}`
    let group = grouped.get(id)
    if (group === undefined) grouped.set(id, group = { parts: new Map(), globals: undefined })
    const value: RowValue = typeof row.value === "string" ? JSON.parse(row.value) : row.value
    if (row.part === GLOBALS) {
      group.globals = value
      continue
    }
    let part = group.parts.get(row.part)
    if (part === undefined) group.parts.set(row.part, part = new Map())
    part.set(row.key, value)
  }
  const entries: Array<Entry> = []
  for (const [id, group] of grouped) {
    const [environment, domain] = id.split("\n") as [Environment, string]
    const codec = codecs.find((c) => c.slot.key === domain)
    if (codec === undefined) continue
    entries.push({ slot: codec.slot, environment, state: codec.load(environment, group.parts as ReadonlyMap<string, Rows>, group.globals) })
  }
  return entries
}

/** A journal writing to `storage`. */
export const make = (codecs: ReadonlyArray<Codec<unknown>>, storage: Storage): Journal => {
  const codecOf = new Map(codecs.map((c) => [c.slot.key, c]))
  /** What is on disk: part id → key → value. */
  const disk = new Map<string, Map<string, Stored>>()
  const settingsOnDisk = new Map<string, string>()
  /** Part ids changed since the last save, with what they belong to. */
  const dirty = new Map<string, { readonly environment: Environment; readonly domain: string; readonly part: string }>()
  let clear = false
  /** Rows made from documents (`Lazy`), by row id: a document whose fields did not change is not serialised again. */
  const made = new Map<string, Made>()

  const storedOfRow = (id: string, value: RowValue): Stored => {
    if (!(value instanceof Lazy)) return storedOf(value)
    const version = fingerprint(value.source, NOTHING)
    const before = made.get(id)
    if (before !== undefined && before.source === value.source && before.version === version) return before.stored
    const stored = JSON.stringify(value.row())
    made.set(id, { source: value.source, version, stored })
    return stored
  }

  const idOf = (environment: string, domain: string, part: string): string => `${environment}\n${domain}\n${part}`

  /** The changes of one part and what is on disk once they are written (applied after the commit). */
  interface Pending {
    readonly changes: Array<RowChange>
    readonly parts: Map<string, Map<string, Stored>>
  }

  const diff = (pending: Pending, environment: Environment, domain: string, part: string, rows: Iterable<readonly [string, RowValue]>) => {
    const id = idOf(environment, domain, part)
    const before = pending.parts.get(id) ?? disk.get(id)
    const after = new Map<string, Stored>()
    let same = before !== undefined
    for (const [key, value] of rows) {
      const stored = storedOfRow(`${id}\n${key}`, value)
      after.set(key, stored)
      if (before?.get(key) !== stored) {
        pending.changes.push({ environment, domain, part, key, value: stored })
        same = false
      }
    }
    if (before !== undefined) {
      for (const key of before.keys()) {
        if (after.has(key)) continue
        pending.changes.push({ environment, domain, part, key, value: undefined })
        same = false
      }
    }
    if (!same) pending.parts.set(id, after)
  }

  const apply = (pending: Pending) => {
    for (const [id, rows] of pending.parts) {
      const before = disk.get(id)
      if (before !== undefined) for (const key of before.keys()) if (!rows.has(key)) made.delete(`${id}\n${key}`)
      if (rows.size === 0) disk.delete(id)
      else disk.set(id, rows)
    }
  }

  // A slot's globals as they are when it is empty (loading one without them gives these): a slot
  // a read brought into being has nothing to save.
  const emptyGlobals = new Map(codecs.map((c) => [c.slot.key, JSON.stringify(c.globals(c.slot.empty()))]))
  const globalsOf = (entry: Entry): Iterable<readonly [string, RowValue]> => {
    const value = codecOf.get(entry.slot.key)?.globals(entry.state)
    return value === undefined || JSON.stringify(value) === emptyGlobals.get(entry.slot.key) ? [] : [["globals", value]]
  }

  const everything = (entries: ReadonlyArray<Entry>, pending: Pending) => {
    for (const entry of entries) {
      const codec = codecOf.get(entry.slot.key)
      if (codec === undefined) continue
      for (const part of codec.parts(entry.state)) diff(pending, entry.environment, codec.slot.key, part, codec.rows(entry.state, part))
      diff(pending, entry.environment, codec.slot.key, GLOBALS, globalsOf(entry))
    }
  }

  const settingChanges = (settings: ReadonlyArray<readonly [string, string]>) =>
    settings.filter(([key, value]) => settingsOnDisk.get(key) !== value)

  return {
    onState: (entry) => {
      const codec = codecOf.get(entry.slot.key)
      if (codec === undefined || typeof entry.state !== "object" || entry.state === null) return
      const { environment } = entry
      const domain = codec.slot.key
      watch(entry.state, (part) => {
        const id = idOf(environment, domain, part)
        if (!dirty.has(id)) dirty.set(id, { environment, domain, part })
      })
    },
    prime: (entries, settings) => {
      disk.clear()
      made.clear()
      const pending: Pending = { changes: [], parts: new Map() }
      everything(entries, pending)
      apply(pending)
      for (const [key, value] of settings) settingsOnDisk.set(key, value)
      dirty.clear()
    },
    rewrite: () => {
      clear = true
    },
    unsaved: (entries) => {
      const now = new Map<string, Stored>()
      for (const entry of entries) {
        const codec = codecOf.get(entry.slot.key)
        if (codec === undefined) continue
        const add = (part: string, rows: Iterable<readonly [string, RowValue]>) => {
          for (const [key, value] of rows) now.set(`${idOf(entry.environment, codec.slot.key, part)}\n${key}`, storedOf(value))
        }
        for (const part of codec.parts(entry.state)) add(part, codec.rows(entry.state, part))
        add(GLOBALS, globalsOf(entry))
      }
      const saved = new Map<string, Stored>()
      for (const [id, rows] of disk) for (const [key, value] of rows) saved.set(`${id}\n${key}`, value)
      const differ = new Set<string>()
      for (const [id, value] of now) if (saved.get(id) !== value) differ.add(id)
      for (const id of saved.keys()) if (!now.has(id)) differ.add(id)
      return [...differ].map((id) => id.split("\n").join(" "))
    },
    save: (entries, settings) => {
      const pending: Pending = { changes: [], parts: new Map() }
      if (clear) {
        // Everything is written anew after the rows are deleted, in the same transaction.
        for (const id of disk.keys()) pending.parts.set(id, new Map())
        const fresh: Pending = { changes: pending.changes, parts: new Map() }
        const saved = new Map(disk)
        disk.clear()
        try {
          everything(entries, fresh)
        } finally {
          for (const [id, rows] of saved) disk.set(id, rows)
        }
        for (const [id, rows] of fresh.parts) pending.parts.set(id, rows)
      } else {
        const byId = new Map<string, Entry>()
        for (const entry of entries) byId.set(`${entry.environment}\n${entry.slot.key}`, entry)
        for (const { domain, environment, part } of dirty.values()) {
          const entry = byId.get(`${environment}\n${domain}`)
          const codec = codecOf.get(domain)
          if (entry !== undefined && codec !== undefined) diff(pending, environment, domain, part, codec.rows(entry.state, part))
          // A slot dropped (reset) whose part was marked: nothing of it is left.
          else if (codec !== undefined) diff(pending, environment, domain, part, [])
        }
        // Globals are a few numbers per slot: compared on every save, never marked.
        for (const entry of entries) if (codecOf.has(entry.slot.key)) diff(pending, entry.environment, entry.slot.key, GLOBALS, globalsOf(entry))
      }
      const changedSettings = settingChanges(settings)
      if (pending.changes.length > 0 || changedSettings.length > 0 || clear) storage.commit(pending.changes, changedSettings, clear)
      // Written: what is on disk now. (A failed commit threw before: the marks stay for the next save.)
      apply(pending)
      for (const [key, value] of changedSettings) settingsOnDisk.set(key, value)
      dirty.clear()
      clear = false
    }
  }
}
