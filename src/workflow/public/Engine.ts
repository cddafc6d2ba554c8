/**
 * Where durable issuances run: in this process (`layerMemory`: the workflow engine and the journal
 * in memory; an execution lives as long as the process), or in a fleet of `effect/cluster` runners
 * keeping their state in PostgreSQL (`layerRunner`): every process that provides it works on its
 * share of the fleet's executions and takes over the share of a runner that stops. `layerClient`
 * starts and reads executions without working on any.
 *
 * @since 0.1.0
 */
export { layerClient, layerMemory, layerRunner, RunnerError, type RunnerOptions } from "../Engine.js"
