/**
 * The pages around the statutory forms of e-Tax invoices, statements and cash receipts, one per document URL
 * (docs/sandbox.md "Portal pages"): VIEW the document alone, without menus or buttons; POPUP the document
 * under a bar of facts; PRINT the supplier's and the buyer's copies, the choice of which to print
 * made on the page (without script: radio buttons and the stylesheet); EPRINT the buyer's copy;
 * MAIL the buyer's copy with the confirmation button (or the approval button of a pending
 * statement); MASSPRINT every document of the list, one per printed page.
 */
import { type Html, html } from "../pages/Html.js"
import { type Language, textsOf } from "../pages/Shell.js"
import type { DocumentPage } from "../documents/PortalLinks.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { page } from "./Context.js"
import type { Copy } from "./Sheet.js"

/** A document a page can show: its sheets and the facts of its bar. */
export interface Printable {
  readonly sheet: (copy: Copy) => Html
  readonly facts: ReadonlyArray<readonly [label: string, value: string]>
}

const facts = (document: Printable): Html =>
  html`<p class="facts">${document.facts.map(([label, value]) => html`<span><b>${label}</b>${value}</span>`)}</p>`

const printChooser = (language: Language, receipt: boolean): Html => {
  const t = textsOf(language)
  const [supplier, buyer] = receipt ? [t.copyMerchant, t.copyCustomer] : [t.copySupplier, t.copyBuyer]
  return html`<p class="choices no-print"><label for="copies-both">${t.copyBoth}</label><label for="copies-supplier">${supplier}</label><label for="copies-buyer">${buyer}</label></p>`
}

const radios = html`<input type="radio" name="copies" id="copies-both" class="chooser" checked><input type="radio" name="copies" id="copies-supplier" class="chooser"><input type="radio" name="copies" id="copies-buyer" class="chooser">`

/**
 * The page of `kind` showing `documents` (one, or up to 100 for MASSPRINT), with `action` (a form)
 * in its bar.
 */
export const documentPage = (options: {
  readonly language: Language
  readonly kind: Exclude<DocumentPage, "PDF">
  readonly title: string
  readonly documents: ReadonlyArray<Printable>
  readonly action?: Html | undefined
  readonly outcome?: Html | undefined
  /** Cash receipts: the copies are the merchant's and the customer's. */
  readonly receipt?: boolean | undefined
}): HtmlAnswer => {
  const { documents, kind, language, title } = options
  const t = textsOf(language)
  const sheets = (copies: ReadonlyArray<Copy>) => html`<main class="documents">${documents.map((d) => copies.map((copy) => d.sheet(copy)))}</main>`
  const bar = (...extra: ReadonlyArray<Html | string>) =>
    html`<header class="bar no-print"><h1>${title}</h1>${documents.length === 1 ? facts(documents[0]!) : ""}${options.outcome}${extra}</header>`
  const hint = html`<p class="hint">${t.printHint}</p>`
  const body = ((): Html => {
    switch (kind) {
      case "VIEW":
        return sheets(["supplier"])
      case "POPUP":
        return html`${bar(hint)}${sheets(["supplier"])}`
      case "PRINT":
        return html`${radios}${bar(printChooser(language, options.receipt === true), hint)}${sheets(["supplier", "buyer"])}`
      case "EPRINT":
        return html`${bar(hint)}${sheets(["buyer"])}`
      case "MAIL":
        return html`${bar(options.action ?? "")}${sheets(["buyer"])}`
      case "MASSPRINT":
        return html`${bar(html`<p class="facts">${t.massPrint(documents.length)}</p>`, hint)}${sheets(["supplier"])}`
    }
  })()
  return page({ language, title, body })
}
