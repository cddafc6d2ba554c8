/**
 * Synthetic counterpart documents (docs/decisions.md "Tax authority collection"): tax invoices and cash receipts
 * that counterparties issued elsewhere, derived only from the member number, the side and the day
 * — so the same member and range always show the same documents (and overlapping ranges agree),
 * and a fresh member still sees realistic results. Nothing here is stored.
 */
import { createHash } from "node:crypto"
import * as Kst from "../../core/Kst.js"
import * as Rules from "../../domains/taxPortal/Rules.js"
import * as Seeded from "../edge/Seeded.js"
import type { CollectedReceipt, IssuedInvoice, Party } from "./Records.js"

/** A small deterministic generator seeded by a text. */
const generator = (seed: string) => {
  const next = Seeded.generator(Seeded.seedOf(seed))
  return {
    next,
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    pick: <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!
  }
}

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"

const token = (seed: string, length: number, chars = alphabet): string => {
  const bytes = createHash("sha256").update(seed).digest()
  let out = ""
  for (let i = 0; i < length; i++) out += chars[bytes[i % bytes.length]! % chars.length]
  return out
}

/** The counterparties of synthetic documents: fixed, so their names and numbers can be searched. */
export const COUNTERPARTS: ReadonlyArray<Party> = [
  { corpNum: "2208162517", corpName: "한빛상사", ceoName: "김한빛", bizType: "도소매", bizClass: "사무용품", email: "tax@hanbit.example" },
  { corpNum: "1058734216", corpName: "가온물산", ceoName: "이가온", bizType: "제조", bizClass: "식품", email: "acct@gaon.example", taxRegID: "0001" },
  { corpNum: "3148201937", corpName: "누리테크", ceoName: "박누리", bizType: "서비스", bizClass: "소프트웨어", email: "bill@nuri.example" },
  { corpNum: "6078613520", corpName: "다온유통", ceoName: "최다온", bizType: "도소매", bizClass: "생활용품", email: "tax@daon.example", taxRegID: "0002" },
  { corpNum: "4128716042", corpName: "마루건설", ceoName: "정마루", bizType: "건설", bizClass: "실내건축", email: "fin@maru.example" },
  { corpNum: "1208800767", corpName: "Sandbox Trading Co.", ceoName: "Kim", bizType: "도소매", bizClass: "무역", email: "tax@trading.example" }
]

const INDIVIDUALS: ReadonlyArray<{ readonly type: "개인" | "외국인"; readonly party: Party }> = [
  { type: "개인", party: { corpNum: "8001011234567", corpName: "홍길동" } },
  { type: "개인", party: { corpNum: "9203152345678", corpName: "김영희" } },
  { type: "외국인", party: { corpNum: "9999999999999", corpName: "John Smith" } }
]

const ITEMS = ["사무용품", "소프트웨어 이용료", "컨설팅 용역", "식자재", "물류 대행", "장비 임대"]

const at = (day: string, rng: ReturnType<typeof generator>): string =>
  `${day}${String(rng.int(9, 18)).padStart(2, "0")}${String(rng.int(0, 59)).padStart(2, "0")}${String(rng.int(0, 59)).padStart(2, "0")}`

/**
 * The synthetic tax invoices of a member on one side whose write date falls on `writeDate`
 * (0 to 2 a day).
 */
export const invoicesWrittenOn = (member: Party, queryType: "SELL" | "BUY" | "TRUSTEE", writeDate: string): ReadonlyArray<IssuedInvoice> => {
  const day = generator(`invoices/${member.corpNum}/${queryType}/${writeDate}`)
  const count = day.int(0, 2)
  const out: Array<IssuedInvoice> = []
  for (let i = 0; i < count; i++) {
    const seed = `invoice/${member.corpNum}/${queryType}/${writeDate}/${i}`
    const rng = generator(seed)
    const counterpart = rng.pick(COUNTERPARTS)
    const individual = queryType === "SELL" && rng.next() < 0.2 ? rng.pick(INDIVIDUALS) : undefined
    const self: Party = { ...member, taxRegID: rng.next() < 0.25 ? "0001" : undefined }
    const other = COUNTERPARTS[(COUNTERPARTS.indexOf(counterpart) + 1) % COUNTERPARTS.length]!
    const [invoicer, invoicee, trustee] = queryType === "SELL"
      ? [self, individual?.party ?? counterpart, undefined]
      : queryType === "BUY"
      ? [counterpart, self, undefined]
      : [counterpart, other, self]
    const roll = rng.next()
    const taxType = roll < 0.75 ? "과세" : roll < 0.9 ? "면세" : "영세"
    const supply = rng.int(100, 50_000) * 100
    const tax = taxType === "과세" ? Math.floor(supply / 10) : 0
    const issueDT = at(Kst.addDays(writeDate, rng.int(0, 2)), rng)
    const itemName = rng.pick(ITEMS)
    out.push({
      ntsconfirmNum: `${writeDate}${token(seed, 16)}`,
      writeDate,
      issueDT,
      sendDate: Kst.addDays(issueDT.slice(0, 8), 1),
      taxType,
      purposeType: rng.pick(["영수", "청구", "청구", "없음"] as const),
      modifyYN: rng.next() < 0.1,
      invoicer,
      invoiceeType: individual?.type ?? "사업자",
      invoicee,
      trustee,
      supplyCostTotal: String(supply),
      taxTotal: String(tax),
      totalAmount: String(supply + tax),
      remark1: rng.next() < 0.3 ? "월 정산분" : undefined,
      lines: [{ purchaseDT: writeDate, itemName, qty: "1", unitCost: String(supply), supplyCost: String(supply), tax: String(tax) }],
      knownAt: Kst.parse(issueDT)
    })
  }
  return out
}

/**
 * The synthetic tax invoices that may fall into a collection range by any date type: write
 * dates from 4 days before the range (issue and filing follow the write date by up to 3 days).
 */
export const invoicesAround = (member: Party, queryType: "SELL" | "BUY" | "TRUSTEE", sDate: string, eDate: string): ReadonlyArray<IssuedInvoice> =>
  Rules.daysOf(Kst.addDays(sDate, -4), eDate).flatMap((day) => invoicesWrittenOn(member, queryType, day))

/** The synthetic cash receipts of a member on one side traded on `tradeDate` (0 to 3 a day). */
export const receiptsTradedOn = (member: Party, queryType: "SELL" | "BUY", tradeDate: string): ReadonlyArray<CollectedReceipt> => {
  const day = generator(`receipts/${member.corpNum}/${queryType}/${tradeDate}`)
  const count = day.int(0, 3)
  const out: Array<CollectedReceipt> = []
  for (let i = 0; i < count; i++) {
    const seed = `receipt/${member.corpNum}/${queryType}/${tradeDate}/${i}`
    const rng = generator(seed)
    const counterpart = rng.pick(COUNTERPARTS)
    const total = rng.int(10, 3_000) * 100
    const supply = Math.round(total / 1.1)
    const tradeDT = at(tradeDate, rng)
    const proof = queryType === "BUY" || rng.next() < 0.3
    out.push({
      ntsconfirmNum: `N${token(seed, 8, "0123456789")}`,
      tradeDate,
      tradeDT,
      tradeType: rng.next() < 0.9 ? "승인거래" : "취소거래",
      tradeUsage: proof ? "지출증빙용" : "소득공제용",
      totalAmount: String(total),
      supplyCost: String(supply),
      tax: String(total - supply),
      serviceFee: "0",
      franchiseCorpNum: queryType === "SELL" ? member.corpNum : counterpart.corpNum,
      franchiseCorpName: queryType === "SELL" ? member.corpName : counterpart.corpName,
      identityNum: queryType === "BUY" ? member.corpNum : proof ? counterpart.corpNum : `010****${token(seed, 4, "0123456789")}`,
      customerName: queryType === "BUY" ? member.corpName : proof ? counterpart.corpName : "",
      knownAt: Kst.parse(tradeDT)
    })
  }
  return out
}

/** The synthetic cash receipts of a trade-date range. */
export const receiptsBetween = (member: Party, queryType: "SELL" | "BUY", sDate: string, eDate: string): ReadonlyArray<CollectedReceipt> =>
  Rules.daysOf(sDate, eDate).flatMap((day) => receiptsTradedOn(member, queryType, day))
