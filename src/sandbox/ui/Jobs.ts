/**
 * The jobs page (`/_sandbox/ui/jobs`): bulk submissions of cash receipts and e-Tax invoices and
 * the tax-portal collection jobs, newest first, with their progress as a read would find it now
 * (derived from their progression policy without counting a poll or moving them), their results
 * and refused items. `?member=` shows one member's.
 */
import { courseOf, type ItemResult, type Submission } from "../documents/Bulk.js"
import type { DocumentKind } from "../documents/DocumentKind.js"
import { documentKinds } from "../DocumentKinds.js"
import { type Html, html } from "../pages/Html.js"
import { asOf } from "../Progression.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { collectCount, isExpired, type Job, progressAsOf, taxPortalSlot } from "../taxPortal/State.js"
import type { PageContext } from "./Context.js"
import { href, page, time } from "./View.js"

interface BulkRow {
  readonly kind: DocumentKind<unknown>
  readonly corpNum: string
  readonly bulk: Submission<unknown>
}

const bulksOf = (ctx: PageContext, member: string | undefined): ReadonlyArray<BulkRow> =>
  documentKinds
    .flatMap((kind) => Array.from(kind.submissions?.all(ctx.reading) ?? [], ([corpNum, bulk]) => ({ kind, corpNum, bulk })))
    .filter((row) => member === undefined || row.corpNum === member)
    .sort((a, b) => b.bulk.receivedAt - a.bulk.receivedAt)

const bulkRow = (ctx: PageContext, row: BulkRow): Html => {
  const { view } = ctx
  const { t } = view
  const stage = asOf(row.bulk.progress, courseOf(row.bulk, ctx.reading.policies[row.kind.submissions!.policy]), ctx.reading.now).reached.length
  const results = row.bulk.results
  const failed = (results ?? []).filter((item): item is Extract<ItemResult<unknown>, { _tag: "Failed" }> => item._tag === "Failed")
  const issued = (results?.length ?? 0) - failed.length
  return html`<tr><td class="mono">${row.bulk.submitID}</td><td>${t.kindName[row.kind.name]}</td><td><a href="${href(view, `members/${row.corpNum}`)}">${row.corpNum}</a></td><td>${
    time(row.bulk.receivedAt)
  }</td><td class="num">${row.bulk.submitCount}</td><td><span class="badge ${stage === 2 ? "ok" : "warn"}">${t.txState(stage)}</span>${
    row.bulk.progress.reached[1] === undefined ? "" : html` ${time(row.bulk.progress.reached[1])}`
  }</td><td>${results === undefined ? "" : t.results(issued, failed.length)}${
    failed.length === 0 ? "" : html`<ul>${
      failed.map((item) => {
        const { body } = item.failure.render(view.language)
        return html`<li><code>${item.mgtKey ?? "?"}</code>: ${body.code} ${body.message}</li>`
      })
    }</ul>`
  }</td></tr>`
}

const jobRow = (ctx: PageContext, job: Job): Html => {
  const { view } = ctx
  const { t } = view
  const stage = progressAsOf(job, ctx.reading.policies["taxPortal.job"], ctx.reading.now).reached.length
  const expired = isExpired(job, ctx.reading.now)
  return html`<tr><td class="mono">${job.jobID}</td><td>${job.kind === "taxinvoice" ? t.kindName.taxinvoice : t.kindName.cashbill}</td><td><a href="${
    href(view, `members/${job.corpNum}`)
  }">${job.corpNum}</a></td><td><code>${job.queryType} ${job.kind === "taxinvoice" ? job.dateType : ""} ${job.sDate}–${job.eDate}</code></td><td>${time(job.regAt)}</td><td><span class="badge ${
    stage === 2 ? "ok" : "warn"
  }">${t.jobState(stage)}</span>${expired ? html` <span class="badge">${t.jobExpired}</span>` : ""}${
    job.failure === undefined ? "" : html` <span class="badge error">${t.jobFails(job.failure.code)}</span>`
  }</td><td class="num">${job.progress.reached.length < 2 ? "" : collectCount(job).toLocaleString("en-US")}</td></tr>`
}

/** The jobs page. */
export const jobsPage = (ctx: PageContext): HtmlAnswer => {
  const { view } = ctx
  const { t } = view
  const member = view.query.get("member")?.trim() || undefined
  const bulks = bulksOf(ctx, member)
  const jobs = Array.from(ctx.reading.store.get(taxPortalSlot, ctx.reading.environment).jobs.values())
    .filter((job) => member === undefined || job.corpNum === member)
    .sort((a, b) => b.regAt - a.regAt)
  return page(view, {
    section: "jobs",
    title: member === undefined ? t.nav.jobs : `${t.nav.jobs} · ${member}`,
    body: html`<section aria-labelledby="bulks" data-live="bulks">
<h2 id="bulks">${t.bulkSubmissions}</h2>
${
      bulks.length === 0 ? html`<p class="muted">${t.noBulks}</p>` : html`<table><thead><tr><th scope="col">${t.submitId}</th><th scope="col">${t.kind}</th><th scope="col">${t.member}</th><th scope="col">${t.received}</th><th scope="col" class="num">${t.items}</th><th scope="col">${t.progress}</th><th scope="col">${t.resultsTitle}</th></tr></thead><tbody>${
        bulks.map((row) => bulkRow(ctx, row))
      }</tbody></table>`
    }
</section>
<section aria-labelledby="collection" data-live="collection">
<h2 id="collection">${t.collectionJobs}</h2>
${
      jobs.length === 0 ? html`<p class="muted">${t.noJobs}</p>` : html`<table><thead><tr><th scope="col">${t.jobId}</th><th scope="col">${t.kind}</th><th scope="col">${t.member}</th><th scope="col">${t.query}</th><th scope="col">${t.received}</th><th scope="col">${t.progress}</th><th scope="col" class="num">${t.collected}</th></tr></thead><tbody>${
        jobs.map((job) => jobRow(ctx, job))
      }</tbody></table>`
    }
</section>`
  })
}
