/**
 * `taxdoc member …`: membership checks, sign-up, withdrawal, company information and contacts
 * (docs/service.md "Member administration"). What each command does is in ./handlers.ts, loaded when
 * it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { addContactOptions, checkIdOptions, checkOptions, contactOptions, deleteContactOptions, joinOptions, memberOptions, quitOptions, updateContactOptions, updateCorpInfoOptions, urlOptions } from "./options.js"

const { run, example } = group("member")

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
      Command.withDescription("Is the business a member of the partner? (CheckIsMember; no token needed)"),
      example("check --sandbox --corp-num 1234567891")
    ),
    Command.make("check-id", checkIdOptions, run("checkId")).pipe(
      Command.withDescription("Is an account ID already in use? (CheckID; no token needed)"),
      example("check-id --sandbox acme-admin")
    ),
    Command.make("join", joinOptions, run("join")).pipe(
      Command.withDescription("Sign a business up as a member of the partner (JoinMember)"),
      example("join --sandbox --file examples/cli/join.json")
    ),
    Command.make("quit", quitOptions, run("quit")).pipe(
      Command.withDescription("Withdraw the member: every account, the manager's included, is deleted (QuitMember)"),
      example("quit --sandbox --corp-num 1234567891 --reason \"closing the business\"")
    ),
    Command.make("corp-info", memberOptions, run("corpInfo")).pipe(
      Command.withDescription("Show the member's company information (GetCorpInfo)"),
      example("corp-info --sandbox --corp-num 1234567891")
    ),
    Command.make("update-corp-info", updateCorpInfoOptions, run("updateCorpInfo")).pipe(
      Command.withDescription("Replace the member's company information (UpdateCorpInfo)"),
      example("update-corp-info --sandbox --corp-num 1234567891 --file examples/cli/corp.json")
    ),
    Command.make("contacts", memberOptions, run("contacts")).pipe(
      Command.withDescription("List the member's contacts (ListContact; role 1 user, 2 read-only, 3 company)"),
      example("contacts --sandbox --corp-num 1234567891")
    ),
    Command.make("contact", contactOptions, run("contact")).pipe(
      Command.withDescription("Show one contact of the member (GetContactInfo)"),
      example("contact --sandbox --corp-num 1234567891 clerk01")
    ),
    Command.make("add-contact", addContactOptions, run("addContact")).pipe(
      Command.withDescription("Add a contact (sub-account) to the member (RegistContact)"),
      example("add-contact --sandbox --corp-num 1234567891 --file examples/cli/contact.json")
    ),
    Command.make("update-contact", updateContactOptions, run("updateContact")).pipe(
      Command.withDescription("Change a contact's name, phone, e-mail and role (UpdateContact)"),
      example("update-contact --sandbox --corp-num 1234567891 --file examples/cli/contact-update.json")
    ),
    Command.make("delete-contact", deleteContactOptions, run("deleteContact")).pipe(
      Command.withDescription("Delete a contact; the manager account cannot be deleted (DeleteContact)"),
      example("delete-contact --sandbox --corp-num 1234567891 --manager-id acme-admin clerk01")
    ),
    Command.make("url", urlOptions, run("url")).pipe(
      Command.withDescription("Get the URL of a page of the member's own: the portal logged in, charging, payments, use history (GetAccessURL …), valid for 30 seconds"),
      example("url --sandbox --corp-num 1234567891 --page USEHISTORY")
    )
  ])
)
