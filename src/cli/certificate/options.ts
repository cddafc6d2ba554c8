/**
 * The options and arguments of `taxdoc certificate …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import { withMember } from "../options.js"

/**
 * The options of every `taxdoc certificate` command.
 *
 * @since 0.1.0
 * @category options
 */
export const memberOptions = withMember
