/**
 * The member administration operations of the catalogue (docs/operations.md "Member"), one
 * declaration each: what `TaxdocClient.call` takes, and what a sandbox route implements
 * (`Route.implement`).
 *
 * @since 0.1.0
 */
export {
  CheckID,
  CheckIsMember,
  DeleteContact,
  GetAccessURL,
  GetChargeURL,
  GetContactInfo,
  GetCorpInfo,
  GetPaymentURL,
  GetUseHistoryURL,
  JoinMember,
  ListContact,
  QuitMember,
  RegistContact,
  UpdateContact,
  UpdateCorpInfo
} from "../domains/member/Operations.js"
