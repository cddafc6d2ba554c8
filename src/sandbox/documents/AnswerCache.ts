/**
 * Answers of stored documents kept between requests: a document's status or detail record is built
 * and encoded (JSON, and gzip when first asked) once per change of the document, not once per
 * request. Only the most recently read documents are kept (`ANSWER_CACHE_CAPACITY` per
 * environment), so what a stored document costs in memory does not grow with it; an evicted answer
 * is simply built again.
 *
 * A handler names the document (the stored object itself), the variant (which record, in which
 * language) and the document's version: anything that changes the record must change the version
 * (e.g. a receipt's filing), so a kept answer is never stale — `fingerprint` makes one of every
 * field of a document (`Durable.fingerprint`), for documents changed in many places.
 */
import { Body, encodingOf, jsonBody, keep } from "../edge/Encoded.js"
import { Lru } from "../edge/Lru.js"
import type { JsonAnswer } from "../routing/Route.js"
import { slot } from "../Store.js"

/** Documents whose answers are kept, per environment. */
export const ANSWER_CACHE_CAPACITY = 2_048

interface Kept {
  readonly variant: string
  readonly version: string | number
  /** The record and its encoding. */
  readonly answer: JsonAnswer<object>
}

/** The kept answers of one environment. */
export class AnswerCache {
  private readonly documents = new Lru<object, Array<Kept>>(ANSWER_CACHE_CAPACITY)

  /**
   * The answer `build` gives for `document` in `variant` at `version`, built and encoded only when
   * no answer of that version is kept.
   */
  answer<T extends object>(document: object, variant: string, version: string | number, build: () => T): JsonAnswer<T> {
    let kept = this.documents.get(document)
    if (kept === undefined) {
      kept = []
      this.documents.set(document, kept)
    }
    for (let i = 0; i < kept.length; i++) {
      const entry = kept[i]!
      if (entry.variant !== variant) continue
      if (entry.version === version) return entry.answer as JsonAnswer<T>
      kept.splice(i, 1)
      break
    }
    const body = build()
    const answer = keep(body, jsonBody(body))
    kept.push({ variant, version, answer })
    return answer
  }

  /** Forgets a document's answers (it was deleted; its ID may be used again). */
  forget(document: object): void {
    this.documents.delete(document)
  }
}

const comma = new Uint8Array([0x2c])
const open = new Uint8Array([0x5b])
const close = new Uint8Array([0x5d])

/**
 * A JSON array answer made of answers (kept or not): the array of their bodies, encoded by joining
 * their encodings — no record is encoded again.
 */
export const arrayOf = <T>(items: ReadonlyArray<JsonAnswer<T>>): JsonAnswer<ReadonlyArray<T>> => {
  const parts: Array<Uint8Array> = [open]
  let length = 2 + Math.max(0, items.length - 1)
  items.forEach((item, i) => {
    if (i > 0) parts.push(comma)
    const bytes = encodingOf(item).bytes
    parts.push(bytes)
    length += bytes.length
  })
  parts.push(close)
  const joined = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    joined.set(part, offset)
    offset += part.length
  }
  return keep(items.map((item) => item.body), new Body(joined))
}

/** The store slot of kept answers (an admin reset empties it with everything else). */
export const answersSlot = slot<AnswerCache>("sandbox.answers", () => new AnswerCache())
