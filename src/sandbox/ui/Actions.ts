/**
 * What the pages' forms do, each through the admin operation the admin route of the same action
 * calls, with its fields decoded by the same schema: the clock (advance by an amount of minutes,
 * hours or days; set to a KST date and time; back to this machine's time), faults (add, remove one
 * or all), progressions (change a policy), snapshots (take, restore, forget). A form that succeeds
 * answers 303 back to the page it came from (so reloading does not send it again); one the
 * sandbox refuses answers 400 with the reason and a link back.
 */
import * as Effect from "effect/Effect"
import { type AdminOperations, ProgressionChange } from "../admin/Admin.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { Fault } from "../edge/Faults.js"
import { html } from "../pages/Html.js"
import { decodeValue } from "../routing/Route.js"
import type { HtmlAnswer } from "../routing/Route.js"
import type { Environment } from "../Store.js"
import { notice, redirect, textsOf } from "../pages/Shell.js"

/** A form sent to an action. */
interface ActionRequest {
  /** The action's path below the pages' root (`clock`, `faults/remove`, …). */
  readonly path: ReadonlyArray<string>
  readonly fields: URLSearchParams
  /** The page to come back to. */
  readonly back: string
  readonly base: string
  readonly environment: Environment
  readonly language: "ko" | "en"
}

const UNIT_MILLIS: Readonly<Record<string, number>> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }

/** A field's text, absent when empty. */
const text = (fields: URLSearchParams, name: string): string | undefined => {
  const value = fields.get(name)?.trim()
  return value === undefined || value === "" ? undefined : value
}

/** A numeric field as a number (a text that is no number stays text, for the schema to refuse). */
const numeric = (fields: URLSearchParams, name: string): number | string | undefined => {
  const value = text(fields, name)
  return value === undefined ? undefined : Number.isFinite(Number(value)) ? Number(value) : value
}

/** An instant from a `datetime-local` value, read in KST (`2026-11-23T10:00`, seconds optional). */
const instantOf = (value: string): number => {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(value)
  return match === null ? Number.NaN : Date.parse(`${match[1]}T${match[2]}${match[3] ?? ":00"}+09:00`)
}

const clock = (ops: AdminOperations, fields: URLSearchParams): Effect.Effect<unknown, SandboxFailure> => {
  if (text(fields, "reset") !== undefined) return Effect.flatMap(ops.clock, (state) => ops.advanceClock(-state.offset))
  const set = text(fields, "set")
  if (set !== undefined) {
    const at = instantOf(set)
    return Number.isNaN(at) ? Effect.fail(fail("InvalidField", `set: ${set} is not a date and time`)) : ops.setClock(at)
  }
  const amount = Number(text(fields, "advance"))
  const unit = UNIT_MILLIS[text(fields, "unit") ?? "days"]
  if (!Number.isFinite(amount) || unit === undefined) return Effect.fail(fail("InvalidField", "advance: an amount of minutes, hours or days"))
  return ops.advanceClock(Math.round(amount * unit))
}

const addFault = (ops: AdminOperations, fields: URLSearchParams): Effect.Effect<unknown, SandboxFailure> => {
  const given: Record<string, unknown> = { route: text(fields, "route") ?? "" }
  const kind = text(fields, "kind")
  if (kind !== undefined) given["kind"] = kind
  for (const name of ["code", "status", "latencyMillis", "probability", "count"]) {
    const value = numeric(fields, name)
    if (value !== undefined) given[name] = value
  }
  return Effect.flatMap(decodeValue(given, Fault), ops.setFault)
}

const changeProgression = (ops: AdminOperations, fields: URLSearchParams): Effect.Effect<unknown, SandboxFailure> => {
  const tag = text(fields, "policy")
  const value = numeric(fields, "value")
  const policy = tag === "AfterPolls" ? { _tag: tag, polls: value } : tag === "AfterDuration" ? { _tag: tag, millis: value } : { _tag: tag }
  return Effect.flatMap(decodeValue({ kind: text(fields, "kind"), policy }, ProgressionChange), ({ kind, policy }) => ops.setProgression(kind, policy))
}

const snapshotId = (fields: URLSearchParams): string => text(fields, "id") ?? ""

const actionOf = (ops: AdminOperations, request: ActionRequest): Effect.Effect<unknown, SandboxFailure> | undefined => {
  const { fields } = request
  switch (request.path.join("/")) {
    case "clock":
      return clock(ops, fields)
    case "faults":
      return addFault(ops, fields)
    case "faults/remove":
      return ops.clearFaults(text(fields, "route"))
    case "progressions":
      return changeProgression(ops, fields)
    case "snapshots":
      return ops.keepSnapshot
    case "snapshots/restore":
      return ops.restoreSnapshot(snapshotId(fields))
    case "snapshots/forget":
      return ops.dropSnapshot(snapshotId(fields))
    default:
      return undefined
  }
}

/** Performs the action of a form; answers where to go next, or why it was not done. */
export const act = (ops: AdminOperations, request: ActionRequest): Effect.Effect<HtmlAnswer> => {
  const t = textsOf(request.language)
  const action = actionOf(ops, request)
  if (action === undefined) return Effect.succeed(notice({ language: request.language, status: 404, title: t.notFoundTitle, body: html`<p>${t.notFound}</p>` }))
  return action.pipe(
    Effect.as(redirect(request.back)),
    Effect.catch((failure) => {
      const { body, status } = failure.render(request.language)
      return Effect.succeed(notice({
        language: request.language,
        status: status === 404 ? 404 : 400,
        title: t.notDoneTitle,
        body: html`<p class="error-text" role="alert">${body.message}</p><p class="muted"><code>${body.code}</code></p><p><a href="${request.back}">${t.back}</a></p>`
      }))
    })
  )
}
