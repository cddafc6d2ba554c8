/**
 * Where a JSON text stops being JSON: `JSON.parse` names the offending token but, for most
 * mistakes, not where it is. A scan of the grammar (RFC 8259) finds the first offset at which the
 * text cannot go on, reported as a line and a column.
 *
 * @since 1.0.0
 */

/**
 * The 1-based line and column of the first place `text` stops being JSON; `undefined` when it is
 * JSON.
 *
 * @since 1.0.0
 * @category combinators
 */
export const firstError = (text: string): { readonly line: number; readonly column: number } | undefined => {
  const offset = errorOffset(text)
  if (offset === undefined) return undefined
  const before = text.slice(0, offset).split("\n")
  return { line: before.length, column: before[before.length - 1]!.length + 1 }
}

class Stop {
  constructor(readonly at: number) {}
}

const errorOffset = (text: string): number | undefined => {
  let i = 0
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++
  }
  const stop = (): never => {
    throw new Stop(i)
  }
  const literal = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) stop()
      i++
    }
  }
  const string = () => {
    i++
    while (i < text.length && text[i] !== "\"") {
      const code = text.charCodeAt(i)
      if (code < 0x20) stop()
      if (text[i] === "\\") {
        i++
        if (text[i] === "u") {
          i++
          for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? "")) stop()
          continue
        }
        if (!"\"\\/bfnrt".includes(text[i] ?? "x")) stop()
      }
      i++
    }
    if (i >= text.length) stop()
    i++
  }
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (match === null || match[0] === "" || match[0] === "-") stop()
    i += match![0].length
  }
  const value = (): void => {
    space()
    const char = text[i]
    if (char === "{") {
      i++
      space()
      if (text[i] === "}") return void i++
      for (;;) {
        space()
        if (text[i] !== "\"") stop()
        string()
        space()
        if (text[i] !== ":") stop()
        i++
        value()
        space()
        if (text[i] === ",") i++
        else if (text[i] === "}") return void i++
        else stop()
      }
    }
    if (char === "[") {
      i++
      space()
      if (text[i] === "]") return void i++
      for (;;) {
        value()
        space()
        if (text[i] === ",") i++
        else if (text[i] === "]") return void i++
        else stop()
      }
    }
    if (char === "\"") return string()
    if (char === "t") return literal("true")
    if (char === "f") return literal("false")
    if (char === "n") return literal("null")
    return number()
  }
  try {
    value()
    space()
    return i < text.length ? i : undefined
  } catch (e) {
    if (e instanceof Stop) return e.at
    throw e
  }
}
