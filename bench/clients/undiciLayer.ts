/**
 * taxdoc's own `HttpClient`, `Undici.layer()` (the package `taxdoc`, compiled, plain node), used raw
 * as the platform's client is in `platform.ts`: the SDK's headers and a token issued beforehand,
 * each answer read whole, gunzipped and parsed, calls in Effect fibers. What the SDK over
 * `Undici.layer()` costs above this is the SDK's own work; what this costs above raw undici is the
 * client's and Effect's.
 *
 * @since 1.0.0
 */
import { Undici } from "taxdoc"
import { make as makeRaw } from "./platform.js"
import type { Client, ClientConfig } from "./protocol.js"

/**
 * `Undici.layer()` used raw, for `config`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const make = (config: ClientConfig): Promise<Client> => makeRaw(config, "undici", Undici.layer())
