/** Structural checks of a PDF 1.4 document: header, xref offsets, trailer, stream length, ASCII. */
import { expect } from "@effect/vitest"

const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes)

/** Checks the structure a PDF reader relies on and answers the text. */
export const checkPdf = (bytes: Uint8Array): string => {
  const text = latin1(bytes)
  expect(text.startsWith("%PDF-1.4\n")).toBe(true)
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true)
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1])
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n")
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? []
  expect(first).toBe("0")
  const entries = text.slice(startxref).split("\n").slice(2, 2 + Number(count))
  expect(entries[0]).toBe("0000000000 65535 f ")
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/)
    const offset = Number(entry.slice(0, 10))
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true)
  })
  expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R`))
  const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)
  expect(Number(stream?.[1])).toBe(stream?.[2]?.length)
  expect(text).toContain("/BaseFont /Helvetica")
  for (const code of bytes) expect(code).toBeLessThan(128)
  return stream?.[2] ?? ""
}

