/**
 * How the sandbox's asynchronous work moves on (a sandbox's `progressions` option): bulk
 * submissions, tax-authority filing and collection jobs advance immediately, after a number of
 * polls, after a duration, or at the end of the KST day — each `Kind` with its default `Policy`.
 *
 * @since 0.1.0
 */
export { defaults, type Kind, Kinds, Policy } from "../Progression.js"
