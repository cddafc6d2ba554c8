/**
 * The sandbox's outbox: every mail the service would have sent (notification mails on issuance,
 * mails sent again on request), kept per environment so tests and people can see them — read with
 * `GET /_sandbox/outbox` or `Sandbox.outbox`. Nothing leaves the sandbox.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Kst from "../core/Kst.js"
import { changed, codec } from "./durable/Durable.js"
import { type Environment, SandboxStore, slot } from "./Store.js"

/**
 * One mail as the service would have sent it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Mail {
  /** When it was sent, KST `yyyyMMddHHmmss` (document time). */
  readonly sentDT: string
  /** The member on whose behalf it was sent. */
  readonly corpNum: string
  /** The operation that sent it (`Statement.RegistIssue`, `Statement.SendEmail`). */
  readonly operation: string
  /** The document it is about (`123/EST-001`). */
  readonly document: string
  readonly receiver: string
  readonly subject: string
}

/**
 * The store slot of the outbox, oldest first.
 *
 * @since 0.1.0
 * @category constants
 */
export const outboxSlot = slot<Array<Mail>>("outbox", () => [])

/**
 * Records a mail (call inside a synchronous state change).
 *
 * @since 0.1.0
 * @category combinators
 */
export const post = (outbox: Array<Mail>, mail: Omit<Mail, "sentDT">, now: number): void => {
  outbox.push({ sentDT: Kst.toDateTime14(now), ...mail })
  changed(outbox, partOf(outbox.length - 1))
}

/** A mail's part on disk: its place in the outbox, padded so parts sort in sending order. */
const partOf = (index: number): string => String(index).padStart(10, "0")

/**
 * Every mail of the environment, oldest first.
 *
 * @since 0.1.0
 * @category combinators
 */
export const list = (environment: Environment): Effect.Effect<ReadonlyArray<Mail>, never, SandboxStore> =>
  Effect.map(SandboxStore, (store) => [...store.get(outboxSlot, environment)])

/**
 * How the outbox is kept on disk: one row per mail, in sending order.
 *
 * @since 0.1.0
 * @category constants
 */
export const outboxCodec = codec({
  slot: outboxSlot,
  parts: (outbox) => outbox.map((_, i) => partOf(i)),
  rows: (outbox, part) => {
    const mail = outbox[Number(part)]
    return mail === undefined ? [] : [["mail", mail]]
  },
  globals: () => undefined,
  load: (_environment, parts) =>
    [...parts.keys()].sort().flatMap((part) => {
      const mail = parts.get(part)!.get("mail")
      return mail === undefined ? [] : [mail as Mail]
    })
})
