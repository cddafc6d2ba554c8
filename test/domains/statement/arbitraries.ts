/** Hand-written generators of valid statement inputs (every value passes every rule). */
import * as fc from "fast-check"
import * as Kst from "../../../src/core/Kst.js"
import * as Rules from "../../../src/domains/statement/Rules.js"
import type { StatementIssue } from "../../../src/domains/statement/Schemas.js"

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""))
// A present optional field holds a value: "" is absent, like a missing key.
const upTo = (max: number) => fc.string({ minLength: 1, maxLength: max })

/** A document ID: 1–24 letters, digits, '-' and '_'. */
export const mgtKey = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/)

export const itemCode = fc.constantFrom(...Rules.ITEM_CODES)

/** A signed whole number of at most 18 characters. */
export const signedAmount = fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 18n - 1n }).map(String)

/** A calendar date around now (KST). */
export const writeDate = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) }).map(Kst.toDate8)

const detailItem = fc.record(
  {
    serialNum: fc.integer({ min: 1, max: 999 }),
    purchaseDT: writeDate,
    itemName: upTo(50),
    spec: upTo(20),
    qty: fc.integer({ min: 1, max: 100 }).map(String),
    unitCost: fc.integer({ min: 0, max: 100000 }).map(String),
    supplyCost: signedAmount,
    tax: signedAmount,
    remark: upTo(30),
    spare1: upTo(10)
  },
  { requiredKeys: [] }
)

const optionalFields = fc.record(
  {
    formCode: upTo(8),
    serialNum: upTo(30),
    totalAmount: signedAmount,
    remark1: upTo(150),
    remark2: upTo(150),
    remark3: upTo(150),
    senderTaxRegID: digits(4),
    senderCorpName: upTo(200),
    senderCEOName: upTo(100),
    senderAddr: upTo(300),
    senderBizType: upTo(100),
    senderBizClass: upTo(100),
    senderContactName: upTo(100),
    senderDeptName: upTo(40),
    senderTEL: upTo(20),
    senderHP: upTo(20),
    senderFAX: upTo(20),
    senderEmail: upTo(100),
    receiverCorpNum: digits(10),
    receiverTaxRegID: digits(4),
    receiverCorpName: upTo(200),
    receiverCEOName: upTo(100),
    receiverAddr: upTo(300),
    receiverBizType: upTo(100),
    receiverBizClass: upTo(100),
    receiverContactName: upTo(100),
    receiverDeptName: upTo(40),
    receiverTEL: upTo(20),
    receiverHP: upTo(20),
    receiverFAX: upTo(20),
    receiverEmail: upTo(100),
    // Keys an answer may carry: letters, digits and '_', not starting with a digit.
    propertyBag: fc.dictionary(fc.stringMatching(/^[A-Za-z_가-힣][A-Za-z0-9_가-힣]{0,9}$/).filter((k) => k !== "__proto__"), upTo(20), { maxKeys: 4 }),
    detailList: fc.array(detailItem, { maxLength: 5 }),
    memo: upTo(200),
    emailSubject: upTo(300)
  },
  { requiredKeys: [] }
)

/** A valid statement of `code` (any type when absent) sent by `sender`. */
export const statement = (sender: string, code?: Rules.ItemCode): fc.Arbitrary<StatementIssue> =>
  fc.record({
    itemCode: code === undefined ? itemCode : fc.constant(code),
    mgtKey,
    writeDate,
    purposeType: fc.constantFrom(...Rules.PURPOSE_TYPES),
    taxType: fc.constantFrom(...Rules.TAX_TYPES),
    taxTotal: signedAmount,
    supplyCostTotal: signedAmount,
    omitTaxType: fc.boolean(),
    optional: optionalFields
  }).map(({ omitTaxType, optional, taxType, ...required }) => ({
    ...optional,
    ...required,
    ...(omitTaxType && !Rules.TAX_TYPE_REQUIRED.has(required.itemCode) ? {} : { taxType }),
    senderCorpNum: sender
  }))
