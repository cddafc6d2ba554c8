/**
 * The one script of the sandbox's own pages (the portal's pages carry none), allowed by its hash:
 * on each event of the page's events route (`ui/Live.ts`; its address is the page's
 * `taxdoc-events` meta tag, so the script is one constant text), it fetches the page again and
 * swaps the parts marked `data-live`, leaving alone a part that holds the focus (a form being
 * filled in). Without script the pages are the same, only not live.
 */
import { createHash } from "node:crypto"

/**
 * The script of every page: the events' address comes from the page's `taxdoc-events` meta tag,
 * so the script is one constant text, allowed by its hash.
 */
export const SCRIPT = `(() => {
  const meta = document.querySelector('meta[name="taxdoc-events"]')
  if (meta === null || typeof EventSource !== "function") return
  let running = false
  let again = false
  const refresh = async () => {
    if (running) { again = true; return }
    running = true
    try {
      const answer = await fetch(location.href, { headers: { accept: "text/html" }, credentials: "same-origin", cache: "no-store" })
      if (!answer.ok) return
      const fresh = new DOMParser().parseFromString(await answer.text(), "text/html")
      for (const part of document.querySelectorAll("[data-live]")) {
        const next = fresh.querySelector('[data-live="' + part.getAttribute("data-live") + '"]')
        if (next !== null && !part.contains(document.activeElement)) part.replaceWith(document.importNode(next, true))
      }
      document.documentElement.setAttribute("data-version", fresh.documentElement.getAttribute("data-version") || "")
    } catch (error) {
      // The sandbox went away for a moment: the next event brings the page up to date.
    } finally {
      running = false
      if (again) { again = false; refresh() }
    }
  }
  new EventSource(meta.getAttribute("content")).addEventListener("change", refresh)
})()
`

/** `sha256-…` of the script: the only script the pages' policy allows. */
export const SCRIPT_HASH = `sha256-${createHash("sha256").update(SCRIPT, "utf8").digest("base64")}`

