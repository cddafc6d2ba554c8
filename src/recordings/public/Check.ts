/**
 * `taxdoc cassettes check` from code: validates cassette files and scans them for anything that
 * looks like a secret that scrubbing should have replaced — JWT-like or bearer values, signatures,
 * a given secret key, session tokens that are not placeholders.
 *
 * @since 0.1.0
 */
export {
  checkCassettes,
  type CheckOptions,
  exitCode,
  type FileReport,
  type Finding,
  formatReport,
  type Report
} from "../Check.js"
