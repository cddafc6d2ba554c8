/**
 * The partners a sandbox knows: LinkID and Base64 secret key (docs/sandbox.md "Partners"). The
 * partner `TESTER` always exists; `tester` is it with `TESTER_SECRET`, a publicly known secret for
 * tests only. `parsePartner` reads the `LINKID:BASE64SECRET` form a sandbox's `partners` take.
 *
 * @since 0.1.0
 */
export { parsePartner, type Partner, tester, TESTER_LINK_ID, TESTER_SECRET } from "../Partners.js"
