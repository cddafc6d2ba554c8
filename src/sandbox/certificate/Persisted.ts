/** How certificates are kept by a durable sandbox (`Durable.ts`): one row per member. */
import { perMember } from "../durable/Durable.js"
import { certificateSlot } from "./State.js"

/** The codec of certificates. */
export const certificateCodec = perMember(certificateSlot, "certificate")
