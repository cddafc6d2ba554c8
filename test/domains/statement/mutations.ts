/** Single-rule mutations of a valid statement, shared by the schema and the sandbox properties. */
import * as Operations from "../../../src/domains/statement/Operations.js"
import type { StatementIssue } from "../../../src/domains/statement/Schemas.js"
import { mutationsOf } from "../../support/mutations.js"

export const mutations = mutationsOf<StatementIssue>(Operations.RegistIssue)
