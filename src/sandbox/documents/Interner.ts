/**
 * Texts stored once however many documents repeat them (the same seller, amounts, enumerations):
 * documents keep the interned string instead of their own copy. The table is bounded, so unique
 * texts never make it grow without limit (past the bound, texts are simply not shared).
 */

/** A bounded table of shared texts. */
export class Interner {
  private readonly texts = new Map<string, string>()
  constructor(readonly capacity: number) {}
  text<S extends string>(value: S): S {
    const known = this.texts.get(value)
    if (known !== undefined) return known as S
    if (this.texts.size < this.capacity) this.texts.set(value, value)
    return value
  }
  optional<S extends string>(value: S | undefined): S | undefined {
    return value === undefined ? undefined : this.text(value)
  }
}
