/**
 * Statements as the sandbox's pages read them (`DocumentKind.ts`): rows, counts, a statement's
 * history and detail record.
 */
import { type Change, type DocumentKind, inOrder, type Reading, type Row } from "../documents/DocumentKind.js"
import { detailRecord } from "./Records.js"
import { findByItemKeys, stateAtOf, stateCodeOf, STATES, statementSlot, type Stored } from "./State.js"

const rowOf = (corpNum: string, statement: Stored): Row<Stored> => ({
  kind: "statement",
  corpNum,
  itemKey: statement.itemKey,
  mgtKey: statement.body.mgtKey,
  itemCode: statement.body.itemCode,
  date: statement.body.writeDate,
  stateCode: stateCodeOf(statement),
  stateAt: stateAtOf(statement),
  number: statement.invoiceNum,
  buyer: statement.body.receiverCorpName,
  total: statement.body.totalAmount ?? statement.body.supplyCostTotal,
  order: statement.registeredAt,
  document: statement
})

const membersOf = (reading: Reading, corpNum: string | undefined): ReadonlyArray<readonly [string, Map<string, Stored>]> => {
  const members = reading.store.get(statementSlot, reading.environment).members
  if (corpNum === undefined) return Array.from(members)
  const member = members.get(corpNum)
  return member === undefined ? [] : [[corpNum, member]]
}

/** The adapter of statements. */
export const statementKind: DocumentKind<Stored> = {
  name: "statement",
  states: STATES,
  operations: "Statement.",
  rows: (reading, corpNum) => membersOf(reading, corpNum).map(([member, statements]) => Array.from(statements.values(), (s) => rowOf(member, s)).reverse()),
  find: (reading, corpNum, itemKey) => {
    const member = reading.store.get(statementSlot, reading.environment).members.get(corpNum)
    const statement = member === undefined ? undefined : findByItemKeys(member, [itemKey])[0]
    return statement === undefined ? undefined : rowOf(corpNum, statement)
  },
  count: (reading, corpNum) => membersOf(reading, corpNum).reduce((n, [, statements]) => n + statements.size, 0),
  issued: (reading, corpNum) => membersOf(reading, corpNum).flatMap(([, statements]) => Array.from(statements.values()).flatMap((s) => (s.issuedAt === undefined ? [] : [s.issuedAt]))),
  history: (_reading, s) => {
    const waited = s.issuedAt !== s.registeredAt
    const changes: Array<Change> = [{ at: s.registeredAt, event: waited ? "pendingApproval" : "issued", stateCode: waited ? 200 : 300 }]
    if (waited && s.issuedAt !== undefined) changes.push({ at: s.issuedAt, event: "approved", stateCode: 300 })
    if (s.openAt !== undefined) changes.push({ at: s.openAt, event: "opened" })
    if (s.cancelledAt !== undefined) changes.push({ at: s.cancelledAt, event: "cancelled", stateCode: 600, detail: s.stateMemo })
    return inOrder(changes)
  },
  detail: (_reading, statement) => detailRecord(statement)
}
