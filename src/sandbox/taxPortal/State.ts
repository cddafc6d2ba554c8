/**
 * Collection state of one environment (docs/decisions.md "Tax authority collection"): the jobs of each member,
 * and the portal certificate and department account of each member.
 *
 * A job goes 1 pending → 2 processing → 3 completed along the `taxPortal.job` progression policy
 * on document time; its stage is derived when read and frozen once reached. On completion the job
 * takes its snapshot of the documents (see `Collection.ts`). A job expires 1 hour of document time
 * after its registration. Every function here changes the state synchronously (Store.ts).
 */
import { createHash } from "node:crypto"
import * as Kst from "../../core/Kst.js"
import type { SuccessEncoded } from "../../core/Operation.js"
import type * as Operations from "../../domains/taxPortal/Operations.js"
import * as Rules from "../../domains/taxPortal/Rules.js"
import { itemKeyOf } from "../documents/Identifiers.js"
import { advance as advanceProgress, asOf, type Course, notStarted, type Policy, type Progress } from "../Progression.js"
import { slot } from "../Store.js"
import type { CollectedReceipt, IssuedInvoice } from "./Records.js"
import { sideLabel } from "./Records.js"

/** The range and side of a job. */
export interface Query {
  readonly corpNum: string
  readonly queryType: string
  /** W, I or S for tax invoices; ignored for cash receipts (trade date). */
  readonly dateType: string
  readonly sDate: string
  readonly eDate: string
}

/** A collection job. */
export interface Job extends Query {
  readonly jobID: string
  readonly kind: "taxinvoice" | "cashbill"
  readonly regAt: number
  /** Set when the member's preferences make jobs fail (errorCode, reason). */
  readonly failure: { readonly code: number; readonly reason: string } | undefined
  /** 1 pending → 2 processing → 3 completed: two stages reached. */
  progress: Progress
  /** The snapshot of a completed tax invoice job, in Search's ascending order. */
  invoices: ReadonlyArray<IssuedInvoice> | undefined
  /** The snapshot of a completed cash receipt job, in Search's ascending order. */
  receipts: ReadonlyArray<CollectedReceipt> | undefined
  /** The snapshot's invoices by confirmation number, built when first asked for (GetTaxinvoice). */
  byConfirmNum?: Map<string, IssuedInvoice> | undefined
}

/** The registered department account: the password is kept only as a digest, never answered. */
export interface DeptUser {
  readonly id: string
  readonly passwordDigest: string
}

/** The collection state of one member. */
export interface MemberPortal {
  /** Oldest first. */
  readonly jobs: Array<Job>
  certificate: { readonly registeredAt: number; readonly expiresAt: number } | undefined
  deptUser: DeptUser | undefined
}

/** The collection state of one environment. */
export interface TaxPortalState {
  readonly jobs: Map<string, Job>
  readonly members: Map<string, MemberPortal>
  sequence: number
}

/** The store slot of collection. */
export const taxPortalSlot = slot<TaxPortalState>("taxPortal", () => ({ jobs: new Map(), members: new Map(), sequence: 0 }))

/** The collection state of a member, created empty on first use. */
export const memberOf = (state: TaxPortalState, corpNum: string): MemberPortal => {
  let member = state.members.get(corpNum)
  if (member === undefined) state.members.set(corpNum, member = { jobs: [], certificate: undefined, deptUser: undefined })
  return member
}

/**
 * A new job ID: 18 digits (KST time to the second without the century, then a sequence number),
 * unique per sandbox.
 */
export const newJobId = (state: TaxPortalState, now: number): string => itemKeyOf(now, ++state.sequence)

/** How long a portal certificate registered through the certificate page stays valid. */
export const CERTIFICATE_VALIDITY_MILLIS = 365 * 24 * 60 * 60 * 1000

/**
 * Registers (or renews) the member's tax portal certificate at `now`, valid one year: the button of
 * the page GetCertificatePopUpURL leads to. Answers the certificate.
 */
export const registerCertificate = (member: MemberPortal, now: number): NonNullable<MemberPortal["certificate"]> => {
  const certificate = { registeredAt: now, expiresAt: now + CERTIFICATE_VALIDITY_MILLIS }
  member.certificate = certificate
  return certificate
}

/** Registers a job. */
export const register = (
  state: TaxPortalState,
  query: Query,
  kind: Job["kind"],
  failure: Job["failure"],
  now: number
): Job => {
  const job: Job = {
    ...query,
    jobID: newJobId(state, now),
    kind,
    regAt: now,
    failure,
    progress: notStarted,
    invoices: undefined,
    receipts: undefined
  }
  state.jobs.set(job.jobID, job)
  memberOf(state, query.corpNum).jobs.push(job)
  return job
}

/** `true` once a job is past its hour of validity (document time). */
export const isExpired = (job: Job, now: number): boolean => now >= job.regAt + Rules.JOB_VALIDITY_MILLIS

/**
 * How a job progresses under `policy` as of `now`: two stages from its registration, on time that
 * stops where its hour of validity left it.
 */
const courseAt = (job: Job, policy: Policy, now: number): readonly [Course, number] => [
  { policy, since: job.regAt, stages: 2 },
  isExpired(job, now) ? job.regAt + Rules.JOB_VALIDITY_MILLIS - 1 : now
]

/** The progress of a job as of `now` under its policy, without recording it. */
export const progressAsOf = (job: Job, policy: Policy, now: number): Progress => asOf(job.progress, ...courseAt(job, policy, now))

/** `true` once a job has completed (jobState 3). */
export const isCompleted = (job: Job): boolean => job.progress.reached.length === 2

/**
 * Records the progress of a job under its policy (1 → 2 → 3); a state poll counts for
 * `AfterPolls`, except once the job expired. On completion `snapshot` is called once with the
 * completion instant.
 */
export const advance = (job: Job, policy: Policy, now: number, poll: boolean, snapshot: (job: Job, at: number) => void): Job => {
  if (isCompleted(job)) return job
  const [course, at] = courseAt(job, policy, now)
  const { reached } = advanceProgress(job, course, at, poll && !isExpired(job, now))
  if (reached.length === 2 && job.failure === undefined) snapshot(job, reached[1]!)
  return job
}

/** The invoice with a confirmation number in a job's snapshot, if any. */
export const collectedInvoice = (job: Job, ntsconfirmNum: string): IssuedInvoice | undefined => {
  if (job.invoices === undefined) return undefined
  job.byConfirmNum ??= new Map(job.invoices.map((invoice) => [invoice.ntsconfirmNum, invoice]))
  return job.byConfirmNum.get(ntsconfirmNum)
}

/** The number of documents a completed job collected. */
export const collectCount = (job: Job): number => (job.kind === "taxinvoice" ? job.invoices?.length : job.receipts?.length) ?? 0

const DATE_TYPE_NAMES: Record<string, string> = { W: "WriteDate", I: "IssueDate", S: "SendDate" }

/** The job record (docs/service.md "Tax authority collection"). */
export const jobRecord = (job: Job): SuccessEncoded<typeof Operations.TaxinvoiceGetJobState> => {
  const completed = isCompleted(job)
  const [startedAt, completedAt] = job.progress.reached
  return {
    jobID: job.jobID,
    jobState: String(1 + job.progress.reached.length),
    queryType: sideLabel[job.queryType as keyof typeof sideLabel],
    queryDateType: job.kind === "taxinvoice" ? DATE_TYPE_NAMES[job.dateType] ?? job.dateType : "TradeDate",
    queryStDate: job.sDate,
    queryEnDate: job.eDate,
    errorCode: completed ? job.failure?.code ?? 1 : 0,
    errorReason: completed ? job.failure?.reason ?? "" : "",
    jobStartDT: startedAt === undefined ? "" : Kst.toDateTime14(startedAt),
    jobEndDT: completedAt === undefined ? "" : Kst.toDateTime14(completedAt),
    regDT: Kst.toDateTime14(job.regAt),
    collectCount: collectCount(job)
  }
}

/** The member's unexpired jobs of a kind, newest first. */
export const activeJobs = (member: MemberPortal, kind: Job["kind"], now: number): ReadonlyArray<Job> =>
  member.jobs.filter((job) => job.kind === kind && !isExpired(job, now)).reverse()

/** The digest a department account's password is kept as. */
export const passwordDigest = (corpNum: string, password: string): string =>
  createHash("sha256").update(`${corpNum}\u0000${password}`).digest("hex")

/**
 * The member preference that makes the member's next jobs fail with this errorCode (a negative
 * 8-digit number), to exercise failure handling.
 */
export const JOB_ERROR_PREFERENCE = "taxPortalJobError"
