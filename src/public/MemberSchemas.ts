/**
 * The inputs and answers of the member administration service, as Schemas: what `join`,
 * `updateCorpInfo`, `registContact` and `updateContact` take (their `Encoded` side), the company
 * information and the contacts they answer.
 *
 * @since 0.1.0
 */
export { Contact, ContactInput, CorpInfo, JoinMemberInput, UpdateContactInput } from "../domains/member/Schemas.js"
