/**
 * What a replay learns of the values the sandbox makes up (job IDs, item keys, confirmation
 * numbers): where an answer holds another word than the recording at the same place, later
 * requests send the sandbox's word wherever the recorded one stood.
 *
 * @since 1.1.0
 */

/**
 * The recorded values with the sandbox's word for each, as the latest answer holding them said.
 *
 * @since 1.1.0
 * @category models
 */
export type Learned = Map<string, string>

/**
 * Learns from one answer, place by place. The latest answer holding a recorded value decides its
 * word, the same word included: two values the sandbox made up alike in the recording (an item key
 * and a job ID, both stamped with the same second) may part in a replay, and a request after the
 * second answer means the second.
 *
 * @since 1.1.0
 * @category combinators
 */
export const learn = (recorded: unknown, sandbox: unknown, into: Learned): void => {
  if (typeof recorded === "string" && typeof sandbox === "string") {
    if (/^[^\s<>]{4,}$/.test(recorded)) into.set(recorded, sandbox)
  } else if (Array.isArray(recorded) && Array.isArray(sandbox)) {
    recorded.forEach((item, i) => learn(item, sandbox[i], into))
  } else if (recorded !== null && sandbox !== null && typeof recorded === "object" && typeof sandbox === "object") {
    for (const [key, value] of Object.entries(recorded)) learn(value, (sandbox as Record<string, unknown>)[key], into)
  }
}
