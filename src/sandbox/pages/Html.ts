/**
 * HTML text of the pages (the portal's and the sandbox's own), escaped by construction: the `html` template escapes every value
 * it interpolates (`& < > " '`) unless the value is already `Html` — itself built by `html` from
 * constant markup. A document field can only reach a page as text, never as markup: a `<script>`
 * in a company name shows as the characters `<script>`.
 */

/** A piece of markup built by `html` (or `raw` for a constant of this module's callers). */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
}

/**
 * What `html` interpolates: markup as is; text and numbers escaped; lists joined; nothing for
 * `undefined`, `null` and `false`.
 */
export type Interpolated = Html | string | number | boolean | null | undefined | ReadonlyArray<Interpolated>

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }

/** Text made safe for an element's content or a quoted attribute value. */
export const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)

const render = (value: Interpolated): string => {
  if (value === undefined || value === null || value === false) return ""
  if (value instanceof Html) return value.text
  if (Array.isArray(value)) return value.map(render).join("")
  return escape(String(value))
}

/** The markup template: `html\`<td>${name}</td>\`` escapes `name`. */
export const html = (strings: TemplateStringsArray, ...values: ReadonlyArray<Interpolated>): Html => {
  let out = strings[0] ?? ""
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "")
  })
  return new Html(out)
}

/** Constant markup (never data). */
export const raw = (markup: string): Html => new Html(markup)
