/**
 * Rules of member and contact accounts (docs/service.md "Identifiers and formats"): the contact ID and the
 * password. Each rule is a named Schema filter (`src/core/Rule.ts`) so a `ValidationError` names the
 * rule, and a plain predicate so the sandbox can answer with the service's own codes
 * (`IdLength`, `InvalidId`, `InvalidPassword`).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import type { ErrorCodeName } from "../../core/ErrorCodes.js"
import * as Gen from "../../core/Gen.js"
import { rule } from "../../core/Rule.js"

/**
 * Shortest and longest contact ID: 6 to 50 characters.
 *
 * @since 0.1.0
 * @category constants
 */
export const ID_LENGTH = { min: 6, max: 50 } as const

/**
 * Shortest and longest password: 8 to 20 characters.
 *
 * @since 0.1.0
 * @category constants
 */
export const PASSWORD_LENGTH = { min: 8, max: 20 } as const

/**
 * The special characters a password may (and must, at least once) contain.
 *
 * @since 0.1.0
 * @category constants
 */
export const PASSWORD_SPECIALS = "~!@#$%^&*()_+"

/**
 * `true` when the ID has 6 to 50 characters.
 *
 * @since 0.1.0
 * @category rules
 */
export const idLengthValid = (id: string): boolean => id.length >= ID_LENGTH.min && id.length <= ID_LENGTH.max

// The spec gives only the length; the charset is the project's decision (docs/sandbox.md): IDs are
// printable ASCII words, so letters, digits and the separators of user names and e-mail addresses.
const ID_CHARSET = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/

/**
 * `true` when the ID starts with a letter or digit and holds only letters, digits, `.`, `_`, `@`, `-`.
 *
 * @since 0.1.0
 * @category rules
 */
export const idCharsetValid = (id: string): boolean => ID_CHARSET.test(id)

const escaped = PASSWORD_SPECIALS.replace(/[\\^$.*+?()[\]{}|-]/g, "\\$&")
const PASSWORD_CHARSET = new RegExp(`^[A-Za-z0-9${escaped}]*$`)
const PASSWORD_SPECIAL = new RegExp(`[${escaped}]`)

/**
 * `true` when the password has 8 to 20 characters, at least one letter, one digit and one special
 * character from `~!@#$%^&*()_+`, and nothing else.
 *
 * @since 0.1.0
 * @category rules
 */
export const passwordValid = (password: string): boolean =>
  password.length >= PASSWORD_LENGTH.min && password.length <= PASSWORD_LENGTH.max &&
  /[A-Za-z]/.test(password) && /\d/.test(password) && PASSWORD_SPECIAL.test(password) &&
  PASSWORD_CHARSET.test(password)

/**
 * The service's code for a broken ID rule, or `undefined` when the ID is acceptable.
 *
 * @since 0.1.0
 * @category rules
 */
export const idProblem = (id: string): Extract<ErrorCodeName, "IdLength" | "InvalidId"> | undefined =>
  !idLengthValid(id) ? "IdLength" : !idCharsetValid(id) ? "InvalidId" : undefined

const LOWER = "abcdefghijklmnopqrstuvwxyz"
const DIGITS = "0123456789"

/**
 * Contact IDs: a letter, then 5 to 20 letters or digits (every ID rule kept).
 *
 * @since 1.0.0
 * @category generators
 */
export const contactIdValues: Gen.Gen<string> = Gen.tuple(
  [Gen.text(LOWER, 1, 1), Gen.text(`${LOWER}${DIGITS}`, ID_LENGTH.min - 1, 20)],
  ([first, rest]) => `${first}${rest}`
)

/**
 * Passwords that keep every password rule: letters, two digits, a special character, then letters
 * or digits — 8 to 20 characters.
 *
 * @since 1.0.0
 * @category generators
 */
export const passwordValues: Gen.Gen<string> = Gen.tuple(
  [Gen.text(LOWER, 1, 8), Gen.digits(2), Gen.constantFrom(...PASSWORD_SPECIALS.split("")), Gen.text(`${LOWER}${DIGITS}${LOWER.toUpperCase()}`, 4, 8)],
  ([letters, number, special, rest]) => `${letters}${number}${special}${rest}`
)

/**
 * A contact ID: 6 to 50 characters, letters, digits, `.`, `_`, `@`, `-`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ContactId = Schema.String.pipe(
  rule("idLength(6..50)", idLengthValid, `must be ${ID_LENGTH.min} to ${ID_LENGTH.max} characters`, { values: contactIdValues }),
  rule("idCharset", idCharsetValid, "must start with a letter or digit and hold only letters, digits, '.', '_', '@' and '-'", { values: contactIdValues })
)

/**
 * A password: 8 to 20 characters with a letter, a digit and a special character of `~!@#$%^&*()_+`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Password = Schema.String.pipe(
  rule(
    `passwordLength(${PASSWORD_LENGTH.min}..${PASSWORD_LENGTH.max})`,
    (s: string) => s.length >= PASSWORD_LENGTH.min && s.length <= PASSWORD_LENGTH.max,
    `must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
    { values: passwordValues }
  ),
  rule("passwordLetter", (s: string) => /[A-Za-z]/.test(s), "must contain a letter", { values: passwordValues }),
  rule("passwordDigit", (s: string) => /\d/.test(s), "must contain a digit", { values: passwordValues }),
  rule("passwordSpecial", (s: string) => PASSWORD_SPECIAL.test(s), `must contain one of ${PASSWORD_SPECIALS}`, { values: passwordValues }),
  rule("passwordCharset", (s: string) => PASSWORD_CHARSET.test(s), `may hold only letters, digits and ${PASSWORD_SPECIALS}`, { values: passwordValues })
)

/**
 * A contact's search role: 1 user, 2 read-only, 3 company.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SearchRole = Schema.Literals([1, 2, 3])

/**
 * @since 0.1.0
 * @category models
 */
export type SearchRole = typeof SearchRole.Type
