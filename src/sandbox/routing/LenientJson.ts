/**
 * JSON as the service reads it where it is lenient (docs/service.md "What the published clients
 * send"): one published client builds GetContactInfo's body by hand with single quotes,
 * `{'id':'<contact id>'}`, and the service answers it. This reads such a body: keys and string
 * values in single quotes become JSON strings; everything else must be JSON. Only for the
 * operations whose route asks for it — never where a digest is computed over the bytes (a bulk
 * submission is judged on the exact text it was signed with).
 */

/**
 * The text with every single-quoted string rewritten as a JSON string (`'a"b'` → `"a\"b"`,
 * `'it\'s'` → `"it's"`); double-quoted strings are left as they are.
 */
export const doubleQuoted = (text: string): string => {
  let out = ""
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === "\"") {
      // A JSON string, copied whole with its escapes.
      let j = i + 1
      while (j < text.length && text[j] !== "\"") j += text[j] === "\\" ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
    } else if (c === "'") {
      let j = i + 1
      let value = ""
      while (j < text.length && text[j] !== "'") {
        const d = text[j]!
        if (d === "\\" && text[j + 1] === "'") {
          value += "'"
          j += 2
        } else if (d === "\\") {
          value += text.slice(j, j + 2)
          j += 2
        } else {
          value += d === "\"" ? "\\\"" : d
          j += 1
        }
      }
      out += `"${value}"`
      i = j + 1
    } else {
      out += c
      i += 1
    }
  }
  return out
}

/**
 * Parses JSON text, or failing that, the same text with its single-quoted strings read as JSON
 * strings; throws when neither parses.
 */
export const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    if (!text.includes("'")) throw error
    return JSON.parse(doubleQuoted(text)) as unknown
  }
}
