/**
 * What the sandbox's pages say, as a type: every word and sentence, in the page's language
 * (Accept-Language, as for the portal's pages and the service's messages: Korean by default,
 * English for `en…`). The words themselves are in `TextsKo.ts` and `TextsEn.ts`.
 *
 * @since 1.1.0
 */
import type { Environment } from "../Store.js"

/**
 * The kinds of documents the pages list.
 *
 * @since 1.1.0
 * @category models
 */
export type DocumentKind = "cashbill" | "taxinvoice" | "statement"

/**
 * The events of a document's state history.
 *
 * @since 1.1.0
 * @category models
 */
export type HistoryEvent =
  | "saved"
  | "fileAttached"
  | "issued"
  | "issuedRevocation"
  | "pendingApproval"
  | "approved"
  | "waitingToSend"
  | "sending"
  | "sent"
  | "filed"
  | "filingFailed"
  | "revoked"
  | "cancelled"
  | "opened"
  | "assigned"

/**
 * Every word and sentence of the pages.
 *
 * @since 1.1.0
 * @category models
 */
export interface Texts {
  readonly appName: string
  readonly sections: string
  readonly nav: Readonly<Record<"overview" | "members" | DocumentKind | "jobs" | "faults" | "snapshots" | "outbox", string>>
  readonly environment: string
  readonly environmentName: Readonly<Record<Environment, string>>
  readonly documentTime: string
  readonly signOut: string
  readonly signInTitle: string
  readonly signInHint: string
  readonly tokenLabel: string
  readonly signInButton: string
  readonly signInWrong: string
  readonly refusedTitle: string
  readonly crossOrigin: string
  readonly contentType: string
  readonly formRefused: string
  readonly notFoundTitle: string
  readonly notFound: string
  readonly documentMissing: string
  readonly methodTitle: string
  readonly method: string
  readonly notDoneTitle: string
  readonly back: string
  readonly none: string
  readonly total: string
  readonly member: string
  readonly members: string
  readonly mails: string
  readonly jobs: string
  readonly tokens: string
  readonly environments: string
  readonly clock: string
  readonly offset: string
  readonly offsetNone: string
  readonly offsetAhead: (duration: string) => string
  readonly offsetBehind: (duration: string) => string
  readonly advanceBy: string
  readonly amount: string
  readonly unit: string
  readonly units: Readonly<Record<"minutes" | "hours" | "days", string>>
  readonly advance: string
  readonly plusHour: string
  readonly plusDay: string
  readonly setTo: string
  readonly set: string
  readonly clockNow: string
  readonly clockHint: string
  readonly documentsByState: string
  readonly kindName: Readonly<Record<DocumentKind, string>>
  readonly stateName: (kind: DocumentKind, code: number) => string
  readonly callsPerOperation: string
  readonly operation: string
  readonly calls: string
  readonly noCalls: string
  readonly tokensPerMember: string
  readonly partner: string
  readonly partners: string
  readonly partnersHint: string
  readonly noMembers: string
  readonly notMember: string
  readonly corpNum: string
  readonly corpName: string
  readonly ceo: string
  readonly contacts: string
  readonly contactId: string
  readonly contactName: string
  readonly email: string
  readonly tel: string
  readonly manager: string
  readonly registered: string
  readonly preferences: string
  readonly certificate: string
  readonly portalCertificate: string
  readonly expires: (at: string) => string
  readonly documents: string
  readonly filters: string
  readonly documentId: string
  readonly state: string
  readonly anyState: string
  readonly from: string
  readonly to: string
  readonly filter: string
  readonly clearFilters: string
  readonly date: string
  readonly changed: string
  readonly confirmNum: string
  readonly statementNum: string
  readonly itemCode: string
  readonly buyer: string
  readonly shown: (first: number, last: number, total: number) => string
  readonly noDocuments: string
  readonly previous: string
  readonly next: string
  readonly pageOf: (page: number, pages: number) => string
  readonly fields: string
  readonly history: string
  readonly historyEvent: Readonly<Record<HistoryEvent, string>>
  readonly late: string
  readonly files: string
  readonly noFiles: string
  readonly fileName: string
  readonly size: string
  readonly pdf: string
  readonly portalLinks: string
  readonly noLinks: string
  readonly linksHint: string
  readonly page: string
  readonly validUntil: string
  readonly noExpiry: string
  readonly linkOpened: (at: string) => string
  readonly linkExpired: string
  readonly linkOpen: string
  readonly callsTouching: string
  readonly callsHint: (kept: number) => string
  readonly noCallsTouching: string
  readonly time: string
  readonly answer: string
  readonly fault: string
  readonly bulkSubmissions: string
  readonly submitId: string
  readonly received: string
  readonly items: string
  readonly progress: string
  readonly txState: (stage: number) => string
  readonly results: (issued: number, failed: number) => string
  readonly resultsTitle: string
  readonly noBulks: string
  readonly collectionJobs: string
  readonly jobId: string
  readonly kind: string
  readonly query: string
  readonly jobState: (stage: number) => string
  readonly collected: string
  readonly jobExpired: string
  readonly jobFails: (code: number) => string
  readonly noJobs: string
  readonly faults: string
  readonly noFaults: string
  readonly route: string
  readonly latency: string
  readonly code: string
  readonly status: string
  readonly probability: string
  readonly count: string
  readonly untilRemoved: string
  readonly remove: string
  readonly removeAll: string
  readonly addFault: string
  readonly faultHint: string
  readonly faultKind: Readonly<Record<"none" | "reset" | "dropAfter" | "truncate" | "hang", string>>
  readonly add: string
  readonly progressions: string
  readonly progressionsHint: string
  readonly policy: string
  readonly policyName: Readonly<Record<"Immediate" | "AfterPolls" | "AfterDuration" | "EndOfDay", string>>
  readonly policyValue: string
  readonly change: string
  readonly snapshots: string
  readonly snapshotsHint: string
  readonly takeSnapshot: string
  readonly snapshotId: string
  readonly takenAt: string
  readonly restore: string
  readonly forget: string
  readonly noSnapshots: string
  readonly outbox: string
  readonly outboxHint: string
  readonly sent: string
  readonly receiver: string
  readonly subject: string
  readonly document: string
  readonly noMails: string
}
