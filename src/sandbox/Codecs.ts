/**
 * Every slot a durable sandbox keeps, with its codec (`Durable.ts`): members, preferences,
 * certificates, tokens, the portal's links, the outbox, and the documents of each domain. What is
 * left out is derived or a cache (`AnswerCache.ts`): it is rebuilt, never stored. Like `Routes.ts`,
 * this module assembles the domains for the kernel.
 */
import { cashbillCodec } from "./cashbill/Persisted.js"
import { certificateCodec } from "./certificate/Persisted.js"
import type { Codec } from "./durable/Durable.js"
import { tokensCodec } from "./auth/IssuedTokens.js"
import { membersCodec } from "./member/Persisted.js"
import { outboxCodec } from "./Outbox.js"
import { portalCodec } from "./documents/PortalLinks.js"
import { preferencesCodec } from "./Preferences.js"
import { statementCodec } from "./statement/Persisted.js"
import { taxinvoiceCodec } from "./taxinvoice/Persisted.js"
import { taxPortalCodec } from "./taxPortal/Persisted.js"

/** The codecs of every kept slot. */
export const codecs: ReadonlyArray<Codec<unknown>> = [
  membersCodec,
  preferencesCodec,
  certificateCodec,
  tokensCodec,
  portalCodec,
  outboxCodec,
  cashbillCodec,
  statementCodec,
  taxinvoiceCodec,
  taxPortalCodec
]
