/**
 * How collection is kept by a durable sandbox (`Durable.ts`): each member is a part; its portal
 * certificate and department account are one row, each of its jobs (with the snapshot a completed
 * job took) another. The environment's map of jobs by ID is rebuilt on load.
 */
import { codec, Lazy, memberRows } from "../durable/Durable.js"
import { type Job, type MemberPortal, taxPortalSlot, type TaxPortalState } from "./State.js"

const JOB = "job:"

/** A job as stored (the format of taxdoc 1.0: its progress as `polls`, `stage`, `startedAt`, `completedAt`). */
type JobRow = Omit<Job, "byConfirmNum" | "progress"> & {
  readonly polls: number
  readonly stage: number
  readonly startedAt?: number | undefined
  readonly completedAt?: number | undefined
}

/** A job's facts, without its index by confirmation number (rebuilt when asked for). */
const factsOf = ({ byConfirmNum: _index, progress, ...job }: Job): JobRow => ({
  ...job,
  polls: progress.polls,
  stage: progress.reached.length,
  startedAt: progress.reached[0],
  completedAt: progress.reached[1]
})

const jobOf = ({ polls, stage, startedAt, completedAt, ...job }: JobRow): Job => ({
  ...job,
  progress: { polls, reached: [startedAt, completedAt].slice(0, stage) as Array<number> }
})

/** A job's row key: its place among the member's jobs, so they load in the order they were made. */
const jobKey = (index: number): string => `${JOB}${String(index).padStart(8, "0")}`

/** The codec of collection. */
export const taxPortalCodec = codec({
  slot: taxPortalSlot,
  parts: (state) => state.members.keys(),
  rows: (state, corpNum) =>
    memberRows(state.members, corpNum, (member, rows) => {
      rows.push(["member", { certificate: member.certificate, deptUser: member.deptUser }])
      member.jobs.forEach((job, i) => rows.push([jobKey(i), new Lazy(job, () => factsOf(job))]))
    }),
  globals: (state) => ({ sequence: state.sequence }),
  load: (_environment, parts, globals): TaxPortalState => {
    const state = taxPortalSlot.empty()
    state.sequence = (globals as { readonly sequence?: number } | undefined)?.sequence ?? 0
    for (const [corpNum, rows] of parts) {
      const facts = rows.get("member") as Pick<MemberPortal, "certificate" | "deptUser"> | undefined
      const member: MemberPortal = { jobs: [], certificate: facts?.certificate, deptUser: facts?.deptUser }
      const keys = [...rows.keys()].filter((key) => key.startsWith(JOB)).sort()
      for (const key of keys) {
        const job = jobOf(rows.get(key) as JobRow)
        member.jobs.push(job)
        state.jobs.set(job.jobID, job)
      }
      state.members.set(corpNum, member)
    }
    return state
  }
})
