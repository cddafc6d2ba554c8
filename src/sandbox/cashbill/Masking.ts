/**
 * How the sandbox shows a buyer's identification number in status records and documents: partly
 * masked, never in full (the spec says only "partly masked"; which
 * digits stay visible is the sandbox's choice).
 */

/**
 * The identityNum as the status query shows it: mobile and registration numbers keep the first 3
 * and last 4 digits, resident numbers (13 digits) the first 6, card numbers the first 6 and last 4;
 * the voluntary constant is shown as is.
 */
export const maskIdentityNum = (identityNum: string): string => {
  if (!/^\d+$/.test(identityNum)) return identityNum
  const n = identityNum.length
  if (n < 10) return "*".repeat(n)
  if (n <= 12) return identityNum.slice(0, 3) + "*".repeat(n - 7) + identityNum.slice(-4)
  if (n === 13) return identityNum.slice(0, 6) + "*".repeat(7)
  return identityNum.slice(0, 6) + "*".repeat(n - 10) + identityNum.slice(-4)
}
