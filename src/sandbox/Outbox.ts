/**
 * The sandbox's outbox: the mails the live service would send (buyer notifications on issue,
 * resent notifications), recorded instead of sent so tests can see them. One list per environment,
 * read through the admin route `GET /_sandbox/outbox`. General on purpose: any domain records into
 * it with its own `domain` and `kind`.
 *
 * @since 0.1.0
 */
import { slot } from "./Store.js"

/**
 * One mail.
 *
 * @since 0.1.0
 * @category models
 */
export interface OutboxEntry {
  /** The domain that sent it (`taxinvoice`, `statement`, …). */
  readonly domain: string
  /** The member the document belongs to. */
  readonly corpNum: string
  /** The document's ID (document ID, or item key when it has none). */
  readonly documentId: string
  readonly to: string
  /** What was sent (`issue` notification, `resend` via SendEmail, …). */
  readonly kind: string
  /** Document time, epoch milliseconds. */
  readonly at: number
}

/**
 * The store slot of the outbox.
 *
 * @since 0.1.0
 * @category constants
 */
export const outboxSlot = slot<Array<OutboxEntry>>("outbox", () => [])

/**
 * Records a mail (mutates the slot's list; call inside one synchronous state change).
 *
 * @since 0.1.0
 * @category combinators
 */
export const record = (outbox: Array<OutboxEntry>, entry: OutboxEntry): void => {
  outbox.push(entry)
}
