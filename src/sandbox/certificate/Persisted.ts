/**
 * How certificates are kept by a durable sandbox (`Durable.ts`): one row per member.
 *
 * @since 1.1.0
 */
import { perMember } from "../durable/Durable.js"
import { certificateSlot } from "./State.js"

/**
 * The codec of certificates.
 *
 * @since 0.1.0
 * @category constants
 */
export const certificateCodec = perMember(certificateSlot, "certificate")
