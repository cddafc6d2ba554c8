/**
 * The member operations of the catalogue (docs/operations.md "Member"; scope
 * `member`, docs/decisions.md "Signing and tokens"). CheckIsMember, CheckID and JoinMember are called without a token.
 *
 * @since 0.1.0
 */
import * as Operation from "../../core/Operation.js"
import { GenericResult } from "../../core/Schemas.js"
import { byPage, urlOperation } from "../../core/UrlOperation.js"
import {
  CheckIdQuery,
  CheckIsMemberQuery,
  CheckResult,
  Contact,
  ContactIdInput,
  ContactInput,
  ContactList,
  CorpInfo,
  DeleteContactQuery,
  JoinMemberInput,
  QuitMemberInput,
  UpdateContactInput
} from "./Schemas.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = "member"

const scope = Operation.scope(SCOPE)

/**
 * CheckIsMember: whether a registration number is a member of the partner (code 1) or not (0).
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckIsMember = Operation.make({
  name: "Member.CheckIsMember",
  sdk: "Member.checkIsMember",
  cli: "member check",
  summary: "is this registration number a member of the partner",
  method: "GET",
  path: "/Join",
  query: [Operation.fromParam("CorpNum", "CorpNum"), Operation.fromParam("LID", "LID")],
  params: CheckIsMemberQuery,
  scope: Operation.noToken,
  success: CheckResult,
  safeToRepeat: true
})

/**
 * CheckID: whether a contact ID is in use (code 1) or free (0).
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckID = Operation.make({
  name: "Member.CheckID",
  sdk: "Member.checkId",
  cli: "member check-id",
  summary: "is this contact ID in use",
  method: "GET",
  path: "/IDCheck",
  query: [Operation.fromParam("ID", "ID")],
  params: CheckIdQuery,
  scope: Operation.noToken,
  success: CheckResult,
  safeToRepeat: true
})

/**
 * JoinMember: signs a business up as a member of the partner.
 *
 * @since 0.1.0
 * @category operations
 */
export const JoinMember = Operation.make({
  name: "Member.JoinMember",
  sdk: "Member.join",
  cli: "member join",
  summary: "sign a business up",
  method: "POST",
  path: "/Join",
  scope: Operation.noToken,
  body: Operation.json(JoinMemberInput),
  success: GenericResult,
  safeToRepeat: false
})

/**
 * QuitMember: withdraws the member; every account is deleted.
 *
 * @since 0.1.0
 * @category operations
 */
export const QuitMember = Operation.make({
  name: "Member.QuitMember",
  sdk: "Member.quit",
  cli: "member quit",
  summary: "withdraw the member",
  method: "POST",
  path: "/QuitRequest",
  scope,
  body: Operation.json(QuitMemberInput),
  success: GenericResult,
  safeToRepeat: false
})

/**
 * GetCorpInfo: the member's company information.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetCorpInfo = Operation.make({
  name: "Member.GetCorpInfo",
  sdk: "Member.getCorpInfo",
  cli: "member corp-info",
  summary: "the member's company information",
  method: "GET",
  path: "/CorpInfo",
  scope,
  success: CorpInfo,
  safeToRepeat: true
})

/**
 * UpdateCorpInfo: replaces the member's company information.
 *
 * @since 0.1.0
 * @category operations
 */
export const UpdateCorpInfo = Operation.make({
  name: "Member.UpdateCorpInfo",
  sdk: "Member.updateCorpInfo",
  cli: "member update-corp-info",
  summary: "replace the company information",
  method: "POST",
  path: "/CorpInfo",
  scope,
  body: Operation.json(CorpInfo),
  success: GenericResult,
  safeToRepeat: true
})

/**
 * RegistContact: adds a contact (sub-account).
 *
 * @since 0.1.0
 * @category operations
 */
export const RegistContact = Operation.make({
  name: "Member.RegistContact",
  sdk: "Member.registContact",
  cli: "member add-contact",
  summary: "add a contact (sub-account)",
  method: "POST",
  path: "/IDs/New",
  scope,
  body: Operation.json(ContactInput),
  success: GenericResult,
  safeToRepeat: false
})

/**
 * GetContactInfo: one contact.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetContactInfo = Operation.make({
  name: "Member.GetContactInfo",
  sdk: "Member.getContactInfo",
  cli: "member contact",
  summary: "one contact",
  method: "POST",
  path: "/Contact",
  scope,
  body: Operation.json(ContactIdInput),
  success: Contact,
  safeToRepeat: true
})

/**
 * ListContact: every contact of the member.
 *
 * @since 0.1.0
 * @category operations
 */
export const ListContact = Operation.make({
  name: "Member.ListContact",
  sdk: "Member.listContact",
  cli: "member contacts",
  summary: "every contact of the member",
  method: "GET",
  path: "/IDs",
  scope,
  success: ContactList,
  safeToRepeat: true
})

/**
 * UpdateContact: replaces a contact's details.
 *
 * @since 0.1.0
 * @category operations
 */
export const UpdateContact = Operation.make({
  name: "Member.UpdateContact",
  sdk: "Member.updateContact",
  cli: "member update-contact",
  summary: "replace a contact's details",
  method: "POST",
  path: "/IDs",
  scope,
  body: Operation.json(UpdateContactInput),
  success: GenericResult,
  safeToRepeat: true
})

/**
 * DeleteContact: deletes a contact; X-SVC-UserID must be the manager's.
 *
 * @since 0.1.0
 * @category operations
 */
export const DeleteContact = Operation.make({
  name: "Member.DeleteContact",
  sdk: "Member.deleteContact",
  cli: "member delete-contact",
  summary: "delete a contact (manager only)",
  method: "POST",
  path: "/Contact/Delete",
  query: [Operation.fromParam("ContactID", "ContactID")],
  params: DeleteContactQuery,
  scope,
  success: GenericResult,
  safeToRepeat: false
})

/**
 * The member's portal pages the URL operations open, by their `TG` selector: LOGIN (the portal,
 * logged in as the member), CHRG (charging points), PAYMENT (payment history), USEHISTORY (what
 * the member used).
 *
 * @since 1.1.0
 * @category constants
 */
export const PAGES = ["LOGIN", "CHRG", "PAYMENT", "USEHISTORY"] as const

/**
 * One of `PAGES`.
 *
 * @since 1.1.0
 * @category models
 */
export type Page = typeof PAGES[number]

// The member's portal pages, by their `TG` selector (`PAGES`).
const memberPage = { domain: "Member", cli: "member url", path: "/Member", scope } as const

/**
 * GetAccessURL: the portal, logged in as the member, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetAccessURL = urlOperation(memberPage, "GetAccessURL", "getAccessURL", "LOGIN", "the portal, logged in, URL (30 s)")

/**
 * GetChargeURL: the page to charge points, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetChargeURL = urlOperation(memberPage, "GetChargeURL", "getChargeURL", "CHRG", "the point-charging page URL (30 s)")

/**
 * GetPaymentURL: the member's payment history page, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetPaymentURL = urlOperation(memberPage, "GetPaymentURL", "getPaymentURL", "PAYMENT", "the payment history page URL (30 s)")

/**
 * GetUseHistoryURL: the member's use history page, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetUseHistoryURL = urlOperation(memberPage, "GetUseHistoryURL", "getUseHistoryURL", "USEHISTORY", "the use history page URL (30 s)")

/**
 * The page URL operations by their `TG` selector.
 *
 * @since 1.1.0
 * @category operations
 */
export const pageOperations = byPage(PAGES, [GetAccessURL, GetChargeURL, GetPaymentURL, GetUseHistoryURL])

/**
 * Every member operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = [
  CheckIsMember,
  CheckID,
  JoinMember,
  QuitMember,
  GetCorpInfo,
  UpdateCorpInfo,
  RegistContact,
  GetContactInfo,
  ListContact,
  UpdateContact,
  DeleteContact,
  GetAccessURL,
  GetChargeURL,
  GetPaymentURL,
  GetUseHistoryURL
]
