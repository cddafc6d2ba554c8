/** Loads the known-answer vectors kept in the repository (test/vectors/signing.json, a copy of the service's published vectors). */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

export interface TokenVector {
  readonly linkId: string
  readonly secretKey: string
  readonly serviceId: string
  readonly requestBody: string
  readonly xSvcDate: string
  readonly xSvcForwarded: string | null
  readonly xSvcVersion: string
  readonly bodyDigest: string
  readonly stringToSign: string
  readonly signature: string
  readonly authorization: string
}

export interface BulkDigestVector {
  readonly body: string
  readonly messageDigest: string
}

const path = fileURLToPath(new URL("./vectors/signing.json", import.meta.url))

export const vectors: { readonly token: ReadonlyArray<TokenVector>; readonly bulkDigest: ReadonlyArray<BulkDigestVector> } =
  JSON.parse(readFileSync(path, "utf8"))
