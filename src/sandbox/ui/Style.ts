/**
 * The one stylesheet of the sandbox's pages, and its SHA-256 for their Content-Security-Policy
 * (which allows exactly this inline `<style>`). A bar of sections on top, the page below: cards of
 * facts, tables, plain forms. Colours keep a contrast of at least 4.5:1 against their background.
 *
 * @since 1.1.0
 */
import { createHash } from "node:crypto"
import { FONT_STACK } from "../portal/Style.js"

/**
 * The stylesheet.
 *
 * @since 1.1.0
 * @category constants
 */
export const STYLESHEET = `
*{box-sizing:border-box}
html{font-family:${FONT_STACK};font-size:14px;color:#1f2328;background:#f3f4f6}
body{margin:0}
a{color:#0550ae}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:2px solid #0550ae;outline-offset:2px}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:6px 20px;padding:8px 20px;background:#1f2a37;color:#fff}
.top a{color:#fff}
.brand{margin:0;font-weight:700}
.top nav ul{display:flex;flex-wrap:wrap;gap:2px 4px;margin:0;padding:0;list-style:none}
.top nav a{display:block;padding:4px 10px;border-radius:4px;text-decoration:none}
.top nav a[aria-current=page]{background:#fff;color:#1f2a37;font-weight:600}
.top .where{margin:0 0 0 auto;display:flex;gap:14px;align-items:center;flex-wrap:wrap}
.top .where form{margin:0}
.top .where button{background:transparent;border-color:#fff}
main{max-width:1180px;margin:0 auto;padding:16px 20px 40px}
h1{font-size:20px;margin:8px 0 12px}
h2{font-size:16px;margin:20px 0 8px}
h3{font-size:14px;margin:12px 0 6px}
p{margin:6px 0}
.muted{color:#57606a}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:12px}
.card{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:12px 14px}
.card h2,.card h3{margin-top:0}
section.card{margin:12px 0}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{border-bottom:1px solid #d8dee4;padding:5px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa;font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:4px 0}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
dl.fields{display:grid;grid-template-columns:minmax(140px,max-content) 1fr;gap:3px 14px;margin:0}
dl.fields dt{color:#57606a;font-weight:600}
dl.fields dd{margin:0;overflow-wrap:anywhere}
.badge{display:inline-block;padding:0 8px;border-radius:10px;font-weight:600;background:#eaeef2;color:#1f2328;white-space:nowrap}
.badge.ok{background:#dafbe1;color:#0f5323}
.badge.warn{background:#fff8c5;color:#6b4400}
.badge.error{background:#ffebe9;color:#8c0a1f}
form.inline{display:inline}
form.row,.filters{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end;margin:8px 0}
label{display:flex;flex-direction:column;gap:2px;font-weight:600}
input,select{font:inherit;font-weight:400;padding:4px 6px;border:1px solid #8c959f;border-radius:4px;background:#fff;color:#1f2328}
input[type=number]{width:8em}
button{font:inherit;font-weight:600;padding:5px 14px;border-radius:5px;border:1px solid #0550ae;background:#0550ae;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0550ae}
button.danger{background:#fff;color:#a40e26;border-color:#a40e26}
.pager{display:flex;gap:12px;align-items:center;margin:8px 0}
.notice{max-width:640px;margin:40px auto;background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:16px 20px}
.error-text{color:#a40e26}
ol.history{list-style:none;margin:0;padding:0;border-left:3px solid #d0d7de}
ol.history li{position:relative;margin:0 0 8px;padding:0 0 0 14px}
ol.history time{display:block;color:#57606a;font-variant-numeric:tabular-nums}
`

/**
 * `sha256-…` of the stylesheet: the only style the pages' policy allows.
 *
 * @since 1.1.0
 * @category constants
 */
export const STYLESHEET_HASH = `sha256-${createHash("sha256").update(STYLESHEET, "utf8").digest("base64")}`
