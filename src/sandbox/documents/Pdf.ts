/**
 * The sandbox's PDF documents (GetPDF, the PDF links of the portal): a real, minimal PDF 1.4
 * document written by hand — catalog, one A4 page, Helvetica text, a cross-reference table with
 * exact byte offsets — so PDF readers and parsers open it. Text is ASCII.
 */
import type { StateNames } from "./DocumentKind.js"

/** ASCII only (other characters become '?'), with the string delimiters of PDF escaped. */
const pdfText = (text: string): string =>
  text.replace(/[^\x20-\x7e]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`)

/** A one-page PDF 1.4 document: a title and lines of text in Helvetica. */
export const textDocument = (title: string, lines: ReadonlyArray<string>): Uint8Array => {
  const content = [
    "BT",
    "/F1 18 Tf",
    "56 780 Td",
    `(${pdfText(title)}) Tj`,
    "/F1 11 Tf",
    "16 TL",
    "0 -12 Td",
    ...lines.map((line) => `T* (${pdfText(line)}) Tj`),
    "ET"
  ].join("\n")
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (taxdoc sandbox) >>`
  ]
  // Every character is ASCII, so string offsets are byte offsets.
  let out = "%PDF-1.4\n"
  const offsets: Array<number> = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Uint8Array.from(out, (c) => c.charCodeAt(0))
}

/**
 * A state as a PDF states it: its English name (from the kind's table of state names), lower-case,
 * and its code — `filed to the tax authority (304)`.
 */
export const stateLine = (names: StateNames, code: number): string => {
  const name = names[code]?.en
  return name === undefined ? String(code) : `${name.charAt(0).toLowerCase()}${name.slice(1)} (${code})`
}
