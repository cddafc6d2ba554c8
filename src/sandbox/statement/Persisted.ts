/**
 * How statements are kept by a durable sandbox (`Durable.ts`): each member is a part, each of its
 * statements a row (in the stored format of taxdoc 1.0, its state as `stateCode` and `stateAt`);
 * the sequence is a global.
 */
import * as Rules from "../../domains/statement/Rules.js"
import { codec, Lazy, memberRows } from "../durable/Durable.js"
import { stateAtOf, stateCodeOf, type StatementState, statementSlot, type Stored } from "./State.js"

/** A statement as stored. */
type Row = Omit<Stored, "cancelledAt"> & { readonly stateCode: number; readonly stateAt: number }

const rowOf = (stored: Stored): Row => {
  const { cancelledAt: _cancelled, ...row } = stored
  return { ...row, stateCode: stateCodeOf(stored), stateAt: stateAtOf(stored) }
}

const storedOf = ({ stateCode, stateAt, ...row }: Row): Stored => ({ ...row, cancelledAt: stateCode === Rules.StateCode.Cancelled ? stateAt : undefined })

/** The codec of statements. */
export const statementCodec = codec({
  slot: statementSlot,
  parts: (state) => state.members.keys(),
  rows: (state, corpNum) => memberRows(state.members, corpNum, (member, rows) => {
    for (const [key, stored] of member) rows.push([key, new Lazy(stored, () => rowOf(stored))])
  }),
  globals: (state) => ({ sequence: state.sequence }),
  load: (_environment, parts, globals): StatementState => {
    const state: StatementState = { members: new Map(), sequence: (globals as { readonly sequence?: number } | undefined)?.sequence ?? 0 }
    for (const [corpNum, rows] of parts) {
      const ordered = Array.from(rows, ([key, row]) => [key, storedOf(row as Row)] as const)
        // Issue order: the instant, then the item key (whose last digits are the sequence).
        .sort((a, b) => a[1].registeredAt - b[1].registeredAt || (a[1].itemKey < b[1].itemKey ? -1 : 1))
      state.members.set(corpNum, new Map(ordered))
    }
    return state
  }
})
