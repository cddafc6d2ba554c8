/**
 * The snapshot admin routes: `POST /_sandbox/snapshots` keeps the whole state under a new ID,
 * `POST /_sandbox/snapshots/{id}/restore` puts it back (any number of times), `DELETE` forgets it;
 * an unknown ID is 404 `SnapshotNotFound`; the admin plane's rules apply (no cross-origin request).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import { api, codeOf, sandboxLayer } from "./support.js"

const preferences = "/_sandbox/members/1234567891/preferences"

describe("snapshot admin routes", () => {
  it.effect("keep, restore twice, forget; unknown IDs and cross-origin requests refused", () =>
    Effect.gen(function*() {
      yield* api({ method: "POST", path: preferences, body: { kept: 1 } })
      yield* api({ method: "POST", path: "/_sandbox/clock", body: { advanceMillis: 5_000 } })
      const taken = yield* api({ method: "POST", path: "/_sandbox/snapshots", body: {} })
      expect(taken.status).toBe(200)
      const id = (taken.body as { id: string }).id
      expect(id).toMatch(/^[0-9a-f]{32}$/)
      for (const round of [1, 2]) {
        yield* api({ method: "POST", path: preferences, body: { kept: null, later: round } })
        yield* api({ method: "POST", path: "/_sandbox/clock", body: { advanceMillis: 60_000 } })
        const restored = yield* api({ method: "POST", path: `/_sandbox/snapshots/${id}/restore` })
        expect(restored.status).toBe(200)
        expect((yield* api({ path: preferences })).body).toEqual({ kept: 1 })
        expect((yield* api({ path: "/_sandbox/clock" })).body).toMatchObject({ offset: 5_000 })
      }
      const foreign = yield* api({ method: "POST", path: `/_sandbox/snapshots/${id}/restore`, headers: { origin: "http://evil.example" } })
      expect(codeOf(foreign)).toBe(ErrorCodes.AdminCrossOrigin.code)
      expect((yield* api({ method: "DELETE", path: `/_sandbox/snapshots/${id}` })).status).toBe(200)
      const gone = yield* api({ method: "POST", path: `/_sandbox/snapshots/${id}/restore` })
      expect(gone.status).toBe(404)
      expect(codeOf(gone)).toBe(ErrorCodes.SnapshotNotFound.code)
    }).pipe(Effect.provide(sandboxLayer())))
})
