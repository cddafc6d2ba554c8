/**
 * The Promise client's method types are the Effect services' signatures in Promise form (derived,
 * never written twice): the same parameters, the call options in place of the trailing user ID or
 * options object, plain callbacks and secrets, Promises of the same answers, async iterables of the
 * same items.
 */
import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import type { CashbillInfo, CashReceiptIssue, IssueResponse } from "../../src/domains/cashbill/Schemas.js"
import type { CashbillItem, TaxinvoiceItem } from "../../src/domains/taxPortal/Schemas.js"
import type { ItemCode } from "../../src/domains/statement/ItemCode.js"
import { type CallOptions, type Client, createSandboxClient, type SignalOptions } from "../../src/promise/index.js"
import type { Slot } from "../../src/promise/Methods.js"
import { Context, Effect, Layer } from "effect"
import * as Cashbill from "../../src/domains/cashbill/Cashbill.js"
import * as Certificate from "../../src/domains/certificate/Certificate.js"
import * as CompanyStatus from "../../src/domains/companyStatus/CompanyStatus.js"
import * as Member from "../../src/domains/member/Member.js"
import * as Statement from "../../src/domains/statement/Statement.js"
import * as TaxPortal from "../../src/domains/taxPortal/TaxPortal.js"
import * as Taxinvoice from "../../src/domains/taxinvoice/Taxinvoice.js"
import * as Taxdoc from "../../src/Taxdoc.js"

describe("the Promise client's types", () => {
  it("are the services' signatures with the call options last", () => {
    type Cashbill = Client["cashbill"]
    expectTypeOf<Parameters<Cashbill["getInfo"]>>().toEqualTypeOf<[corpNum: string, mgtKey: string, options?: CallOptions]>()
    expectTypeOf<ReturnType<Cashbill["getInfo"]>>().toEqualTypeOf<Promise<CashbillInfo>>()
    expectTypeOf<Parameters<Cashbill["issue"]>>().toEqualTypeOf<[corpNum: string, receipt: CashReceiptIssue, options?: CallOptions]>()
    expectTypeOf<ReturnType<Cashbill["issue"]>>().toEqualTypeOf<Promise<IssueResponse>>()
    expectTypeOf<ReturnType<Cashbill["getPDF"]>>().toEqualTypeOf<Promise<Uint8Array>>()
    // Optional parameters before the user ID stay optional.
    expectTypeOf<Parameters<Client["statement"]["cancel"]>>()
      .toEqualTypeOf<[corpNum: string, itemCode: ItemCode, mgtKey: string, memo?: string | undefined, options?: CallOptions]>()
    // A method with no user ID takes the signal alone, after its last parameter.
    expectTypeOf<Parameters<Client["member"]["checkIsMember"]>>().toEqualTypeOf<[corpNum: string, options?: SignalOptions]>()
    // Secrets are plain strings; progress callbacks plain functions.
    expectTypeOf<Parameters<Client["taxPortal"]["registDeptUser"]>[3]>().toEqualTypeOf<string>()
    type IssueManyOptions = NonNullable<Parameters<Cashbill["issueMany"]>[2]>
    expectTypeOf<IssueManyOptions["onProgress"]>().exclude<undefined>().returns.toEqualTypeOf<void | PromiseLike<void>>()
    expectTypeOf<IssueManyOptions["signal"]>().toEqualTypeOf<AbortSignal | undefined>()
    // Paged searches keep the item type of their kind.
    expectTypeOf(createSandboxClient().taxPortal.searchAll(" ", "taxinvoice", " ")).toEqualTypeOf<AsyncIterable<TaxinvoiceItem>>()
    expectTypeOf(createSandboxClient().taxPortal.searchAll(" ", "cashbill", " ")).toEqualTypeOf<AsyncIterable<CashbillItem>>()
    // Where the call options sit is read off the signature; a method answering a Stream is marked.
    expectTypeOf<Slot<Cashbill.Cashbill["Service"]["getInfo"]>>().toEqualTypeOf<readonly ["userId", 2]>()
    expectTypeOf<Slot<Member.Member["Service"]["checkIsMember"]>>().toEqualTypeOf<readonly ["append", 1]>()
    expectTypeOf<Slot<TaxPortal.TaxPortal["Service"]["searchAll"]>>().toEqualTypeOf<readonly ["options", 4, "stream"]>()
  })

  it("every method of every Effect service is a method of the Promise client", async () => {
    const services = await Effect.runPromise(Effect.scoped(Layer.build(Taxdoc.layerSandbox({}))))
    const tags = {
      member: Member.Member,
      companyStatus: CompanyStatus.CompanyStatus,
      cashbill: Cashbill.Cashbill,
      statement: Statement.Statement,
      taxinvoice: Taxinvoice.Taxinvoice,
      certificate: Certificate.Certificate,
      taxPortal: TaxPortal.TaxPortal
    } as const
    const client = createSandboxClient()
    for (const [name, tag] of Object.entries(tags)) {
      const effectMethods = Object.keys(Context.get(services, tag as unknown as Context.Key<Taxdoc.Services, object>)).sort()
      expect(Object.keys(client[name as keyof typeof tags]).sort(), name).toEqual(effectMethods)
    }
    await client.close()
  })
})
