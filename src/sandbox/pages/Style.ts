/**
 * The one stylesheet of every page — the sandbox's own and the portal's — and its SHA-256 for the
 * pages' Content-Security-Policy (which allows exactly this inline `<style>`: no style attributes,
 * no other sheet). The sandbox's pages: a bar of sections on top, cards of facts, tables, plain
 * forms; colours keep a contrast of at least 4.5:1. The portal's pages (`<body class="portal">`):
 * the document as a sheet of paper on a grey desk, a bar of facts and buttons above it; print
 * (`@media print`): A4, the bar and choosers hidden, one document per printed page.
 *
 * Korean text renders with the CJK fonts a machine has: Noto Sans/Serif CJK KR (Linux, e.g. Debian's
 * `fonts-noto-cjk`), Malgun Gothic (Windows), Apple SD Gothic Neo (macOS).
 */
import { createHash } from "node:crypto"

const FONT_STACK = `"Noto Sans CJK KR", "Noto Serif CJK KR", "Malgun Gothic", "Apple SD Gothic Neo", sans-serif`

/** The stylesheet. */
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
.top~main{max-width:1180px;margin:0 auto;padding:16px 20px 40px}
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
.portal{font-size:13px;padding:16px}
html:has(.portal){background:#e9ebef}
.portal h1{font-size:18px;margin:0 0 4px}
.portal h2{font-size:15px;margin:16px 0 8px}
.bar{max-width:210mm;margin:0 auto 12px;padding:10px 14px;background:#fff;border:1px solid #cdd2da;border-radius:6px}
.bar .facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:4px 0}
.bar .facts span b{font-weight:600;margin-right:6px;color:#57606a}
.bar form{display:inline-block;margin:6px 12px 0 0}
.bar .hint{color:#57606a}
.ok{color:#116329}
.warn{color:#9a6700}
.error{color:#b42318}
.portal button{padding:6px 16px;border-color:#1f4fa3;background:#1f4fa3}
.portal .notice{max-width:150mm;padding:20px 24px;border-color:#cdd2da}
.notice .code{color:#57606a;font-family:monospace}
.sheet{--ink:#b42318;position:relative;max-width:210mm;margin:0 auto 16px;padding:10mm 9mm;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.18);color:#1f2328}
.sheet.buyer{--ink:#1f4fa3}
.sheet.plain{--ink:#3d4450}
.form{width:100%;border-collapse:collapse;table-layout:fixed;border:2px solid var(--ink)}
.form+.form{border-top:0}
.form th,.form td{border:1px solid var(--ink);padding:3px 5px;vertical-align:middle;overflow-wrap:anywhere}
.form th{color:var(--ink);font-weight:600;text-align:center;background:rgba(0,0,0,.02)}
.form td.num{text-align:right;font-variant-numeric:tabular-nums}
.form td.center{text-align:center}
.form .side{line-height:1.25;padding:2px}
.form col.s{width:26px}
.form col.h{width:11%}
.parties col.h{width:8%}
.parties col.k{width:7%}
.parties col.n{width:11%}
.parties th{font-size:12px;padding:3px 2px}
.form col.h2{width:30%}
.form col.d{width:5%}
.form col.date{width:12%}
.form col.item{width:22%}
.form col.amt{width:13%}
.form col.confirm{width:38%}
.form .confirm-num{font-family:monospace;font-size:14px;letter-spacing:1px}
.form .purpose{width:20%}
.form tr.blank td{height:22px}
.properties{margin-top:6px}
.errors{margin:10px 0;padding:6px 12px;border:1px solid #b42318;border-radius:5px;background:#fff5f4}
.errors ul{margin:4px 0;padding-left:18px}
div.fields code{font-weight:400;color:#57606a;font-size:11px}
.form .title{font-size:20px;letter-spacing:6px;color:var(--ink);text-align:center;padding:8px 4px}
.form .title small{display:block;font-size:11px;letter-spacing:0;font-weight:400}
.form .total{font-size:15px;font-weight:700}
.state{margin:6px 0 0;color:#57606a;font-size:11px;display:flex;justify-content:space-between;gap:12px}
.slip{max-width:92mm}
.slip .form .title{letter-spacing:3px}
.chooser{position:absolute;opacity:0;pointer-events:none}
.choices label{display:inline-block;margin-right:8px;padding:4px 12px;border:1px solid #cdd2da;border-radius:5px;cursor:pointer}
#copies-both:checked~.bar label[for=copies-both],#copies-supplier:checked~.bar label[for=copies-supplier],#copies-buyer:checked~.bar label[for=copies-buyer]{background:#1f4fa3;border-color:#1f4fa3;color:#fff}
#copies-supplier:checked~.documents .sheet.buyer,#copies-buyer:checked~.documents .sheet.supplier{display:none}
div.fields{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:10px 16px;margin:12px 0}
div.fields label{display:flex;flex-direction:column;gap:3px;font-weight:600}
div.fields input,div.fields select{font:inherit;font-weight:400;padding:5px 6px;border:1px solid #a9b1bc;border-radius:4px}
div.fields .invalid input,div.fields .invalid select{border-color:#b42318}
div.fields .field-error{font-weight:400;color:#b42318}
.list{width:100%;border-collapse:collapse}
.list th,.list td{border-bottom:1px solid #d8dde4;padding:5px 6px;text-align:left}
.list td.num{text-align:right}
@page{size:A4;margin:10mm}
@media print{
html,html:has(.portal){background:#fff}
.portal{font-size:12px;padding:0}
.no-print,.bar,.chooser{display:none!important}
.sheet{box-shadow:none;margin:0;max-width:none;padding:0;break-after:page;page-break-after:always}
.sheet:last-child{break-after:auto;page-break-after:auto}
.form th,.form td{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}
`

/** `sha256-…` of the stylesheet: the only style the pages' policy allows. */
export const STYLESHEET_HASH = `sha256-${createHash("sha256").update(STYLESHEET, "utf8").digest("base64")}`
