/**
 * The one stylesheet of the portal pages, and its SHA-256 for the Content-Security-Policy (the page
 * policy allows exactly this inline `<style>` and nothing else: no style attributes, no other
 * sheet). Screen: the document as a sheet of paper on a grey desk, a bar of facts and buttons above
 * it. Print (`@media print`): A4, the bar and choosers hidden, one document per printed page.
 *
 * Korean text renders with the CJK fonts a machine has: Noto Sans/Serif CJK KR (Linux, e.g. Debian's
 * `fonts-noto-cjk`), Malgun Gothic (Windows), Apple SD Gothic Neo (macOS).
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"

/**
 * The font stack of every page.
 *
 * @since 0.1.0
 * @category constants
 */
export const FONT_STACK = `"Noto Sans CJK KR", "Noto Serif CJK KR", "Malgun Gothic", "Apple SD Gothic Neo", sans-serif`

/**
 * The stylesheet.
 *
 * @since 0.1.0
 * @category constants
 */
export const STYLESHEET = `
*{box-sizing:border-box}
html{font-family:${FONT_STACK};font-size:13px;color:#1f2328;background:#e9ebef}
body{margin:0;padding:16px}
h1{font-size:18px;margin:0 0 4px}
h2{font-size:15px;margin:16px 0 8px}
p{margin:6px 0}
.bar{max-width:210mm;margin:0 auto 12px;padding:10px 14px;background:#fff;border:1px solid #cdd2da;border-radius:6px}
.bar .facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:4px 0}
.bar .facts span b{font-weight:600;margin-right:6px;color:#57606a}
.bar form{display:inline-block;margin:6px 12px 0 0}
.bar .hint{color:#57606a}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;background:#eef1f5;border:1px solid #cdd2da;font-weight:600}
.ok{color:#116329}
.warn{color:#9a6700}
.error{color:#b42318}
button{font:inherit;font-weight:600;padding:6px 16px;border-radius:5px;border:1px solid #1f4fa3;background:#1f4fa3;color:#fff;cursor:pointer}
.notice{max-width:150mm;margin:40px auto;padding:20px 24px;background:#fff;border:1px solid #cdd2da;border-radius:6px}
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
.fields code{font-weight:400;color:#57606a;font-size:11px}
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
.fields{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:10px 16px;margin:12px 0}
.fields label{display:flex;flex-direction:column;gap:3px;font-weight:600}
.fields input,.fields select{font:inherit;font-weight:400;padding:5px 6px;border:1px solid #a9b1bc;border-radius:4px}
.fields .invalid input,.fields .invalid select{border-color:#b42318}
.fields .field-error{font-weight:400;color:#b42318}
.list{width:100%;border-collapse:collapse}
.list th,.list td{border-bottom:1px solid #d8dde4;padding:5px 6px;text-align:left}
.list td.num{text-align:right}
@page{size:A4;margin:10mm}
@media print{
html{background:#fff;font-size:12px}
body{padding:0}
.no-print,.bar,.chooser{display:none!important}
.sheet{box-shadow:none;margin:0;max-width:none;padding:0;break-after:page;page-break-after:always}
.sheet:last-child{break-after:auto;page-break-after:auto}
.form th,.form td{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}
`

/**
 * `sha256-…` of the stylesheet: the only style the page policy allows.
 *
 * @since 0.1.0
 * @category constants
 */
export const STYLESHEET_HASH = `sha256-${createHash("sha256").update(STYLESHEET, "utf8").digest("base64")}`
