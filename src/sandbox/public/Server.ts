/**
 * The sandbox on a real socket, as `taxdoc sandbox serve` runs it: `serve` (or `layer`) listens
 * with the sandbox's limits and answers every request from the `Sandbox` in the context; `pagesUrl`
 * is where its pages are. Admin routes need a token on non-loopback addresses; injected connection
 * faults are acted out on the socket (docs/resilience.md, "Sandbox").
 *
 * @since 0.1.0
 */
export {
  DEFAULT_LIMITS,
  layer,
  pagesUrl,
  SandboxServer,
  serve,
  type ServeOptions,
  type ServerAddress,
  type ServerLimits
} from "../Server.js"
