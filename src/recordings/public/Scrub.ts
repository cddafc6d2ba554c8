/**
 * Personal data scrubbed from cassettes at record time (docs/recordings.md "Personal data"):
 * `defaultPersonalData` lists the JSON members replaced by placeholders; `RecordReplay.layer`'s
 * `personalData` option changes the list. Tokens, signatures, dates, passwords and secrets are
 * always scrubbed.
 *
 * @since 0.1.0
 */
export { defaultPersonalData, type PersonalData } from "../Scrub.js"
