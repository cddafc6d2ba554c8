/**
 * What the Member service offers: its methods, their options and their failures. `Member.ts` gives
 * the service its tag and layer and re-exports these; `internal/MemberLive.ts` implements them.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type { CallError } from "../../core/Client.js"
import type { ValidationError } from "../../core/Errors.js"
import type { GenericResult } from "../../core/Schemas.js"
import type { Contact, ContactInput, CorpInfo, JoinMemberInput, UpdateContactInput } from "./Schemas.js"

/**
 * The sign-up input; `LinkID` defaults to the configured partner.
 *
 * @since 0.1.0
 * @category models
 */
export type JoinInput = Omit<typeof JoinMemberInput.Encoded, "LinkID"> & { readonly LinkID?: string | undefined }

/**
 * Failures of member operations.
 *
 * @since 0.1.0
 * @category errors
 */
export type MemberError = ValidationError | CallError

/**
 * What the Member service offers: the methods of `Member.Member`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  /** `true` when `corpNum` is a member of the configured partner (no token needed). */
  readonly checkIsMember: (corpNum: string) => Effect.Effect<boolean, MemberError>
  /** `true` when the contact ID is already in use (no token needed). */
  readonly checkId: (id: string) => Effect.Effect<boolean, MemberError>
  /** Signs a business up as a member of the partner (no token needed). */
  readonly join: (input: JoinInput) => Effect.Effect<GenericResult, MemberError>
  /** Withdraws the member: every account is deleted, and its cached tokens are dropped. */
  readonly quit: (corpNum: string, quitReason: string, userId?: string) => Effect.Effect<GenericResult, MemberError>
  readonly getCorpInfo: (corpNum: string, userId?: string) => Effect.Effect<CorpInfo, MemberError>
  readonly updateCorpInfo: (corpNum: string, info: typeof CorpInfo.Encoded, userId?: string) => Effect.Effect<GenericResult, MemberError>
  /** Adds a contact (sub-account); `searchRole` defaults to 3 (company). */
  readonly registContact: (corpNum: string, contact: typeof ContactInput.Encoded, userId?: string) => Effect.Effect<GenericResult, MemberError>
  readonly getContactInfo: (corpNum: string, contactId: string, userId?: string) => Effect.Effect<Contact, MemberError>
  readonly listContact: (corpNum: string, userId?: string) => Effect.Effect<ReadonlyArray<Contact>, MemberError>
  readonly updateContact: (corpNum: string, contact: typeof UpdateContactInput.Encoded, userId?: string) => Effect.Effect<GenericResult, MemberError>
  /** Deletes a contact; `managerId` (sent as X-SVC-UserID) must be the member's manager account. */
  readonly deleteContact: (corpNum: string, contactId: string, managerId: string) => Effect.Effect<GenericResult, MemberError>
}
