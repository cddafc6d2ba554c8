/**
 * `taxdoc member …`: membership checks, sign-up, withdrawal, company information and contacts
 * (docs/service.md "Member administration"). What each command does is in ./handlers.ts, loaded when
 * it runs.
 *
 * @since 0.1.0
 */
import * as Command from "@effect/cli/Command"
import { handlers } from "../lazy.js"
import { addContactOptions, checkIdOptions, checkOptions, contactOptions, deleteContactOptions, joinOptions, memberOptions, quitOptions, updateContactOptions, updateCorpInfoOptions } from "./options.js"

const run = handlers(() => import("./handlers.js"))

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
