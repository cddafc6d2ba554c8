/**
 * The operations reference (`docs/operations.md`), rendered from the catalogue so that it cannot
 * drift from what the SDK sends and the sandbox answers.
 *
 * @since 0.1.0
 */
import * as Operation from "../core/Operation.js"
import * as Catalogue from "./Catalogue.js"

const code = (text: string): string => `\`${text}\``

const pathOf = (operation: Operation.Any): string =>
  operation.segments.map((segment) =>
    segment._tag === "Literal"
      ? segment.text
      : segment.shape._tag === "Any"
      ? `{${segment.name}}`
      : `{${segment.name}: ${Operation.describeShape(segment.shape)}}`
  ).map((s) => `/${s}`).join("")

const selectorOf = (operation: Operation.Any): string => {
  const parts: Array<string> = []
  if (operation.override !== undefined) parts.push(`override ${code(operation.override)}`)
  for (const item of operation.query) {
    if (item._tag === "Flag") parts.push(code(`?${item.name}`))
    else if (item._tag === "Fixed") parts.push(code(`${item.name}=${item.value}`))
  }
  if (operation.body._tag === "Form") parts.push("form body")
  return parts.length === 0 ? "—" : parts.join(", ")
}

const bodyNames: Record<Operation.RequestBody["_tag"], string> = {
  None: "—",
  Json: "JSON object",
  JsonArray: "JSON array",
  Form: "form",
  Multipart: "multipart"
}

const inputOf = (operation: Operation.Any): string => {
  const parts: Array<string> = []
  for (const item of operation.query) if (item._tag === "FromParam") parts.push(code(`${item.name}=<${item.param}>`))
  for (const [header, param] of Object.entries(operation.headers)) parts.push(`${code(header)} ← ${code(param)}`)
  if (operation.digest) parts.push(code(Operation.DIGEST_HEADER))
  if (operation.body._tag !== "None") parts.push(`${bodyNames[operation.body._tag]} body`)
  return parts.length === 0 ? "—" : parts.join(", ")
}

const scopeOf = (operation: Operation.Any): string => {
  switch (operation.scope._tag) {
    case "None":
      return "no token"
    case "Fixed":
      return code(operation.scope.scope)
    case "FromParam":
      return `${code(`{${operation.scope.param}}`)} (token: ${operation.scope.tokenScopes.map(code).join(" ")})`
    case "FromBody":
      return `${code(`body.${operation.scope.field}`)} (token: ${operation.scope.tokenScopes.map(code).join(" ")})`
  }
}

const answerOf = (operation: Operation.Any): string => (operation.success === "pdf" ? "PDF" : "JSON")

/**
 * The reference as Markdown.
 *
 * @since 0.1.0
 * @category combinators
 */
export const render = (): string => {
  const lines: Array<string> = [
    "# Operations reference",
    "",
    "Generated from the operation catalogue (`src/domains/*/Operations.ts`) by `npm run docs:operations`;",
    "the test suite fails when this file is stale. Every operation is declared once: the SDK builds its",
    "requests from the declaration and the sandbox routes and implements it by reference.",
    "",
    "- **selector**: what tells the operation apart from others on the same path — the",
    "  `X-HTTP-Method-Override` header (an empty header counts as none), a bare query flag, a query",
    "  value, a form body, or the shape of a path parameter (shown in the path).",
    "- **scope**: the token scope the operation needs ([decisions.md](decisions.md#signing-and-tokens)); every token also carries `member`.",
    "- **safe to repeat**: a read, or a write the service recognises when repeated; only these may be",
    "  retried after a transient fault.",
    ""
  ]
  for (const { domain, operations } of Catalogue.domains) {
    lines.push(`## ${domain}`, "")
    lines.push("| spec operation | method and path | selector | input | answer | scope | SDK function | CLI command | safe to repeat |")
    lines.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (const operation of operations) {
      lines.push(
        `| ${operation.name} | ${operation.method} ${code(pathOf(operation))} | ${selectorOf(operation)} | ${inputOf(operation)} | ${answerOf(operation)} | ${
          scopeOf(operation)
        } | ${code(operation.sdk)} | ${operation.cli === undefined ? "—" : code(`taxdoc ${operation.cli}`)} | ${operation.safeToRepeat ? "yes" : "no"} |`
      )
    }
    lines.push("")
  }
  lines.push(`${Catalogue.operations.length} operations.`, "")
  return lines.join("\n")
}
