/** The keys of a JSON value: of every object in it, nested ones and those in lists included. */
export const keysOf = (value: unknown): ReadonlyArray<string> => {
  if (Array.isArray(value)) return value.flatMap(keysOf)
  if (typeof value !== "object" || value === null) return []
  return Object.entries(value).flatMap(([key, member]) => [key, ...keysOf(member)])
}
