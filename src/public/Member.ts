/**
 * The member administration service (docs/service.md "Member administration"): membership and ID
 * checks, sign-up, withdrawal, company information, contacts and the member's portal pages. Every
 * input is validated before anything is sent.
 *
 * @since 0.1.0
 */
export { type JoinInput, layer, Member, type MemberError, type MemberService } from "../domains/member/Member.js"
