/** Single-rule mutations of a valid cash receipt, shared by the schema and the sandbox properties. */
import * as Operations from "../../../src/domains/cashbill/Operations.js"
import type { CashReceiptIssue } from "../../../src/domains/cashbill/Schemas.js"
import { mutationsOf } from "../../support/mutations.js"

export const mutations = mutationsOf<CashReceiptIssue>(Operations.RegistIssue)
