/**
 * The flags and arguments of `taxdoc member …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Argument from "effect/cli/Argument"
import * as Flag from "effect/cli/Flag"
import type { Page } from "../../domains/member/Operations.js"
import { corpNum, file, json, target, withMember } from "../options.js"

// The member's pages, written out here so that parsing a command line loads no domain module; the
// compiler checks them against the catalogue's.
const PAGES = ["LOGIN", "CHRG", "PAYMENT", "USEHISTORY"] as const satisfies ReadonlyArray<Page>
const everyPage: [Exclude<Page, typeof PAGES[number]>] extends [never] ? true : false = true
void everyPage

/**
 * The options of `taxdoc member check`.
 *
 * @since 0.1.0
 * @category options
 */
export const checkOptions = { ...target, corpNum, json }

/**
 * The options of `taxdoc member check-id`.
 *
 * @since 0.1.0
 * @category options
 */
export const checkIdOptions = {
  ...target,
  json,
  id: Argument.String("id").pipe(Argument.withDescription("The account ID to look up. Example: user1234"))
}

/**
 * The options of `taxdoc member join`.
 *
 * @since 0.1.0
 * @category options
 */
export const joinOptions = {
  ...target,
  json,
  file: file("JoinMember input: ID, Password, CorpNum, CEOName, CorpName, Addr, BizType, BizClass, ContactName, ContactEmail, ContactTEL (LinkID defaults to the partner)", "join.json")
}

/**
 * The options of `taxdoc member quit`.
 *
 * @since 0.1.0
 * @category options
 */
export const quitOptions = {
  ...withMember,
  reason: Flag.String("reason").pipe(Flag.withMetavar("TEXT"), Flag.withDescription("Why the member leaves (at most 200 characters). Example: --reason \"closing the business\""))
}

/**
 * The options of the commands about the member alone (`corp-info`, `contacts`).
 *
 * @since 0.1.0
 * @category options
 */
export const memberOptions = withMember

/**
 * The options of `taxdoc member update-corp-info`.
 *
 * @since 0.1.0
 * @category options
 */
export const updateCorpInfoOptions = {
  ...withMember,
  file: file("Company information: ceoname, corpName, addr, bizType, bizClass (all required)", "corp.json")
}

const contactId = Argument.String("contact-id").pipe(Argument.withDescription("A contact's account ID. Example: clerk01"))

/**
 * The options of `taxdoc member contact`.
 *
 * @since 0.1.0
 * @category options
 */
export const contactOptions = { ...withMember, contactId }

/**
 * The options of `taxdoc member add-contact`.
 *
 * @since 0.1.0
 * @category options
 */
export const addContactOptions = {
  ...withMember,
  file: file("The contact: id, password, personName, tel, email, searchRole (1, 2 or 3; default 3)", "contact.json")
}

/**
 * The options of `taxdoc member update-contact`.
 *
 * @since 0.1.0
 * @category options
 */
export const updateContactOptions = {
  ...withMember,
  file: file("The contact's new details: id, personName, tel, email, searchRole (default 3)", "contact-update.json")
}

/**
 * The options of `taxdoc member delete-contact`.
 *
 * @since 0.1.0
 * @category options
 */
export const deleteContactOptions = {
  ...target,
  corpNum,
  json,
  contactId,
  managerId: Flag.String("manager-id").pipe(
    Flag.withMetavar("ID"),
    Flag.withDescription("The member's manager account (sent as X-SVC-UserID; only the manager may delete). Example: --manager-id user1234567891")
  )
}

/**
 * The options of `taxdoc member url`.
 *
 * @since 1.1.0
 * @category options
 */
export const urlOptions = {
  ...withMember,
  page: Flag.Literals("page", PAGES).pipe(
    Flag.withMetavar("PAGE"),
    Flag.withDescription("LOGIN, the portal logged in as the member (the default); CHRG, charging points; PAYMENT, payment history; USEHISTORY, use history. Example: --page USEHISTORY"),
    Flag.withDefault("LOGIN")
  )
}
