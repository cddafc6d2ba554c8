/**
 * The sandbox's outbox: every mail the service would have sent, kept per environment and read with
 * `GET /_sandbox/outbox` or `Sandbox.outbox`. Nothing leaves the sandbox.
 *
 * @since 0.1.0
 */
export { type Mail } from "../Outbox.js"
