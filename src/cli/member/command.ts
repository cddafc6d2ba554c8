/**
 * `taxdoc member …`: membership checks, sign-up, withdrawal, company information and contacts
 * (SPEC.md "Authentication and member"). What each command does is in ./handlers.ts, loaded when
 * it runs.
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { handlers } from "../lazy.js"
import { corpNum, file, json, target, withMember } from "../options.js"

const run = handlers(() => import("./handlers.js"))

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
  id: Args.text({ name: "id" }).pipe(Args.withDescription("The account ID to look up. Example: user1234"))
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
  reason: Options.text("reason").pipe(Options.withPseudoName("TEXT"), Options.withDescription("Why the member leaves (at most 200 characters). Example: --reason \"closing the business\""))
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

const contactId = Args.text({ name: "contact-id" }).pipe(Args.withDescription("A contact's account ID. Example: clerk01"))

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
  file: file("The contact's new details: id, personName, tel, email, searchRole (default 3)", "contact.json")
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
  managerId: Options.text("manager-id").pipe(
    Options.withPseudoName("ID"),
    Options.withDescription("The member's manager account (sent as X-SVC-UserID; only the manager may delete). Example: --manager-id user1234567891")
  )
}

/**
 * `taxdoc member`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("member").pipe(
  Command.withDescription("Member administration: membership, sign-up, withdrawal, company information, contacts"),
  Command.withSubcommands([
    Command.make("check", checkOptions, run("check")).pipe(
      Command.withDescription("Is the business a member of the partner? (CheckIsMember; no token needed)")
    ),
    Command.make("check-id", checkIdOptions, run("checkId")).pipe(
      Command.withDescription("Is an account ID already in use? (CheckID; no token needed)")
    ),
    Command.make("join", joinOptions, run("join")).pipe(
      Command.withDescription("Sign a business up as a member of the partner (JoinMember)")
    ),
    Command.make("quit", quitOptions, run("quit")).pipe(
      Command.withDescription("Withdraw the member: every account, the manager's included, is deleted (QuitMember)")
    ),
    Command.make("corp-info", memberOptions, run("corpInfo")).pipe(
      Command.withDescription("Show the member's company information (GetCorpInfo)")
    ),
    Command.make("update-corp-info", updateCorpInfoOptions, run("updateCorpInfo")).pipe(
      Command.withDescription("Replace the member's company information (UpdateCorpInfo)")
    ),
    Command.make("contacts", memberOptions, run("contacts")).pipe(
      Command.withDescription("List the member's contacts (ListContact; role 1 user, 2 read-only, 3 company)")
    ),
    Command.make("contact", contactOptions, run("contact")).pipe(
      Command.withDescription("Show one contact of the member (GetContactInfo)")
    ),
    Command.make("add-contact", addContactOptions, run("addContact")).pipe(
      Command.withDescription("Add a contact (sub-account) to the member (RegistContact)")
    ),
    Command.make("update-contact", updateContactOptions, run("updateContact")).pipe(
      Command.withDescription("Change a contact's name, phone, e-mail and role (UpdateContact)")
    ),
    Command.make("delete-contact", deleteContactOptions, run("deleteContact")).pipe(
      Command.withDescription("Delete a contact; the manager account cannot be deleted (DeleteContact)")
    )
  ])
)
