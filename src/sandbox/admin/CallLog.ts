/**
 * The calls the sandbox answered most recently, so that its pages can say which calls touched a
 * document (`ui/DocumentPage.ts`): for each routed call its operation, environment, document time,
 * path parameters, the member that made it (once authenticated, or named by its token when a fault
 * met it first), its status and injected fault, and — for small bodies of the document operations —
 * the body itself, where a document ID sent in the body (RegistIssue) is found when the page asks. Nothing is parsed while
 * answering: a call costs one object (and a copy of a small body) in a ring of fixed size
 * (`capacity`, default 2,000 calls; 0 keeps none).
 */
import type { FaultKind } from "../edge/Faults.js"
import type { Environment } from "../Store.js"

/**
 * Bodies up to this size are kept with their call (of the document domains only: a member's
 * password, for one, is never kept); larger ones (bulk submissions, files) are not.
 */
export const KEPT_BODY_BYTES = 8 * 1024

/** The default number of calls kept. */
const DEFAULT_CAPACITY = 2_000

/**
 * One call as the log keeps it. `at`, `corpNum`, `status` and `fault` are filled in as the call is
 * answered.
 */
export interface Call {
  /** The call's number in the sandbox's life (1, 2, …; a reset does not restart it). */
  readonly seq: number
  readonly environment: Environment
  /** The route id (`Cashbill.RegistIssue`). */
  readonly operation: string
  readonly params: Readonly<Record<string, string>>
  /** The body when at most `KEPT_BODY_BYTES`, else `undefined`. */
  readonly body: Uint8Array | undefined
  /** Document time of the call, epoch milliseconds. */
  at: number
  /** The member that made the call, when known. */
  corpNum: string | undefined
  /** The answer's status; 0 while unanswered. */
  status: number
  fault: FaultKind | undefined
}

/** The log of one sandbox. */
export interface CallLog {
  /** Starts the record of a routed call (the caller fills in the rest as it is answered). */
  readonly record: (environment: Environment, operation: string, params: Readonly<Record<string, string>>, body: Uint8Array) => Call
  /** The calls kept, newest first. */
  readonly recent: () => ReadonlyArray<Call>
  readonly capacity: number
}

/** The operations whose bodies name documents: cash receipts, e-Tax invoices, statements. */
const DOCUMENT_OPERATION = /^(?:Cashbill|Taxinvoice|Statement)\./

/** What `record` answers when nothing is kept: written to, never read. */
const discarded = (): Call => ({ seq: 0, environment: "test", operation: "", params: {}, body: undefined, at: 0, corpNum: undefined, status: 0, fault: undefined })

/** A log keeping the `capacity` most recent calls. */
export const make = (capacity: number = DEFAULT_CAPACITY): CallLog => {
  const ring: Array<Call | undefined> = new Array(Math.max(0, capacity))
  let next = 0
  let seq = 0
  return {
    capacity: ring.length,
    record: (environment, operation, params, body) => {
      if (ring.length === 0) return discarded()
      const call: Call = {
        seq: ++seq,
        environment,
        operation,
        params,
        // A copy: the request's bytes may be a view of a much larger read buffer.
        body: body.length > 0 && body.length <= KEPT_BODY_BYTES && DOCUMENT_OPERATION.test(operation) ? new Uint8Array(body) : undefined,
        at: 0,
        corpNum: undefined,
        status: 0,
        fault: undefined
      }
      ring[next] = call
      next = (next + 1) % ring.length
      return call
    },
    recent: () => {
      const out: Array<Call> = []
      for (let i = 1; i <= ring.length; i++) {
        const call = ring[(next - i + ring.length) % ring.length]
        if (call !== undefined) out.push(call)
      }
      return out
    }
  }
}

const decoder = new TextDecoder()

/**
 * `true` when a call names the document `documentId` in its path parameters, or its kept body
 * carries it as a JSON string (a document ID field, or an item of a list of IDs).
 */
export const names = (call: Call, documentId: string): boolean => {
  for (const value of Object.values(call.params)) if (value === documentId) return true
  return call.body !== undefined && decoder.decode(call.body).includes(JSON.stringify(documentId))
}
