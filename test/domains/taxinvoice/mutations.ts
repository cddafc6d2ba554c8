/** Single-rule mutations of a valid e-Tax invoice draft, shared by the schema and sandbox properties. */
import * as Operations from "../../../src/domains/taxinvoice/Operations.js"
import type { TaxinvoiceDraft } from "../../../src/domains/taxinvoice/Schemas.js"
import { mutationsOf } from "../../support/mutations.js"

export const mutations = mutationsOf<TaxinvoiceDraft>(Operations.Register)
