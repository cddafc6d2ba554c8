/**
 * Faults injected per route id (docs/sandbox.md "Faults", `Sandbox.setFault`): latency, an error
 * answer, a 5xx status, and the failures real networks produce (`FaultKind`) — each firing with a
 * probability drawn from a seeded PRNG and optionally for the next N calls only.
 *
 * @since 0.1.0
 */
export { Fault, type FaultKind } from "../edge/Faults.js"
