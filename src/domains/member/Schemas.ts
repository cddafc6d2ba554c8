/**
 * Wire shapes and inputs of the member operations (docs/service.md "Member administration" and
 * docs/operations.md "Member"). Field names are the wire names, so the same schema
 * validates an SDK input before it is sent and a request body in the sandbox.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { requiredLen } from "../../core/Rule.js"
import { CorpNum, optionalOr } from "../../core/Schemas.js"
import { ContactId, Password, SearchRole } from "./Rules.js"

const defaultSearchRole = optionalOr(SearchRole, () => 3 as const)

/**
 * JoinMember body: every field required, with the spec's lengths (ID 6–50, Password 8–20).
 *
 * @since 0.1.0
 * @category schemas
 */
export class JoinMemberInput extends Schema.Class<JoinMemberInput>("JoinMemberInput")({
  ID: ContactId,
  Password: Password,
  LinkID: requiredLen(20),
  CorpNum: CorpNum,
  CEOName: requiredLen(100),
  CorpName: requiredLen(200),
  Addr: requiredLen(300),
  BizType: requiredLen(100),
  BizClass: requiredLen(100),
  ContactName: requiredLen(100),
  ContactEmail: requiredLen(100),
  ContactTEL: requiredLen(20)
}) {}

/**
 * Company information: the answer of GetCorpInfo and the body of UpdateCorpInfo (all required).
 *
 * @since 0.1.0
 * @category schemas
 */
export class CorpInfo extends Schema.Class<CorpInfo>("CorpInfo")({
  ceoname: requiredLen(100),
  corpName: requiredLen(200),
  addr: requiredLen(300),
  bizType: requiredLen(100),
  bizClass: requiredLen(100)
}) {}

/**
 * RegistContact body: a new contact (sub-account) of the member; `searchRole` defaults to 3.
 *
 * @since 0.1.0
 * @category schemas
 */
export class ContactInput extends Schema.Class<ContactInput>("ContactInput")({
  id: ContactId,
  password: Password,
  personName: requiredLen(100),
  tel: requiredLen(20),
  email: requiredLen(100),
  searchRole: defaultSearchRole
}) {}

/**
 * UpdateContact body: the contact's new name, phone, e-mail and role (`searchRole` defaults to 3).
 *
 * @since 0.1.0
 * @category schemas
 */
export class UpdateContactInput extends Schema.Class<UpdateContactInput>("UpdateContactInput")({
  id: ContactId,
  personName: requiredLen(100),
  tel: requiredLen(20),
  email: requiredLen(100),
  searchRole: defaultSearchRole
}) {}

/**
 * GetContactInfo body: the contact ID to read.
 *
 * @since 0.1.0
 * @category schemas
 */
export class ContactIdInput extends Schema.Class<ContactIdInput>("ContactIdInput")({
  id: requiredLen(50)
}) {}

/**
 * QuitMember body: the reason for leaving (required, at most 200 characters).
 *
 * @since 0.1.0
 * @category schemas
 */
export class QuitMemberInput extends Schema.Class<QuitMemberInput>("QuitMemberInput")({
  quitReason: requiredLen(200)
}) {}

/**
 * CheckIsMember query: `CorpNum` and the partner `LID`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CheckIsMemberQuery = Schema.Struct({ CorpNum: CorpNum, LID: requiredLen(20) })

/**
 * CheckID query: the ID to look up.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CheckIdQuery = Schema.Struct({ ID: requiredLen(50) })

/**
 * DeleteContact query: the contact ID to delete (the manager cannot be deleted).
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeleteContactQuery = Schema.Struct({ ContactID: requiredLen(50) })

/**
 * A contact as the service returns it (GetContactInfo, ListContact).
 *
 * @since 0.1.0
 * @category schemas
 */
export class Contact extends Schema.Class<Contact>("Contact")({
  id: Schema.String,
  personName: Schema.String,
  tel: Schema.String,
  email: Schema.String,
  /** Creation time, `yyyyMMddHHmmss` (KST). */
  regDT: Schema.String,
  /** 1 user, 2 read-only, 3 company. */
  searchRole: Schema.Number,
  /** `true` for the manager account. */
  mgrYN: Schema.Boolean,
  /** 1 = in use. */
  state: Schema.Number
}) {}

/**
 * The answer of ListContact.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ContactList = Schema.Array(Contact)

/**
 * The answer of CheckIsMember and CheckID: `code` 1 (registered / in use) or 0, and a message;
 * these are results, not errors (docs/service.md "Answers").
 *
 * @since 0.1.0
 * @category schemas
 */
export class CheckResult extends Schema.Class<CheckResult>("CheckResult")({
  code: Schema.Literals([0, 1]),
  message: Schema.String
}) {}
