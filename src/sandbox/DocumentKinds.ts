/**
 * Every kind of document the sandbox's pages show, with its adapter (`DocumentKind.ts`), in the
 * order of the pages. Like `Routes.ts` and `Codecs.ts`, this module assembles the domains.
 */
import { cashbillKind } from "./cashbill/Kind.js"
import type { DocumentKind, DocumentKindName } from "./documents/DocumentKind.js"
import { statementKind } from "./statement/Kind.js"
import { taxinvoiceKind } from "./taxinvoice/Kind.js"

/** The adapters, in the order of the pages. */
export const documentKinds: ReadonlyArray<DocumentKind<unknown>> = [cashbillKind, taxinvoiceKind, statementKind]

/** The adapter of a kind. */
export const kindOf = (name: DocumentKindName): DocumentKind<unknown> => documentKinds.find((kind) => kind.name === name)!
