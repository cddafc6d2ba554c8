/**
 * The portal's own words, in the page's language (Accept-Language, as for the service's messages:
 * Korean by default, English for `en…`). The statutory forms themselves are always Korean.
 *
 * @since 0.1.0
 */
import type { Language } from "./Shell.js"

/**
 * Every sentence and label the pages use outside the forms.
 *
 * @since 0.1.0
 * @category models
 */
export interface Texts {
  readonly goneTitle: string
  readonly goneUsed: string
  readonly goneLate: string
  readonly goneHint: string
  readonly notFoundTitle: string
  readonly notFound: string
  readonly formRefusedTitle: string
  readonly formRefused: string
  readonly formUsedTitle: string
  readonly formUsed: string
  readonly methodTitle: string
  readonly method: string
  readonly missingTitle: string
  readonly missing: string
  readonly documentId: string
  readonly confirmNum: string
  readonly statementNum: string
  readonly state: string
  readonly issuedAt: string
  readonly openedAt: string
  readonly notOpened: string
  readonly printHint: string
  readonly copyBoth: string
  readonly copySupplier: string
  readonly copyBuyer: string
  readonly massPrint: (count: number) => string
  readonly confirmButton: string
  readonly confirmHint: string
  readonly confirmedTitle: string
  readonly confirmed: (at: string) => string
  readonly approveButton: string
  readonly approveHint: string
  readonly approvedTitle: string
  readonly approved: (state: string) => string
  readonly refusedTitle: string
  readonly certificateTitle: string
  readonly portalCertificateTitle: string
  readonly certificateNone: string
  readonly certificateCurrent: (expires: string) => string
  readonly certificateButton: string
  readonly certificateHint: string
  readonly certificateRegisteredTitle: string
  readonly certificateRegistered: (expires: string) => string
  readonly boxTitle: string
  readonly boxEmpty: string
  readonly boxShown: (shown: number, total: number) => string
  readonly boxView: string
  readonly writeTitle: string
  readonly writeHint: string
  readonly writeButton: string
  readonly writeInvalid: string
  readonly writeIssuedTitle: string
  readonly writeIssued: (confirmNum: string) => string
  readonly member: string
  readonly copyMerchant: string
  readonly copyCustomer: string
  readonly receiptsMassPrint: string
  readonly homeTitle: string
  readonly homeCompany: string
  readonly homeContacts: string
  readonly homeManager: string
  readonly chargeTitle: string
  readonly chargeNote: string
  readonly balance: string
  readonly paymentTitle: string
  readonly paymentNone: string
  readonly useTitle: string
  readonly useHint: string
  readonly useNone: string
  readonly day: string
  readonly cashbills: string
  readonly taxinvoices: string
  readonly statements: string
}

const ko: Texts = {
  goneTitle: "만료된 링크입니다",
  goneUsed: "이 링크는 이미 한 번 열렸습니다. 포털 링크는 한 번만 열 수 있습니다.",
  goneLate: "이 링크의 유효시간(발급 후 30초, 문서 시각 기준)이 지났습니다.",
  goneHint: "API로 새 URL을 받아 여세요.",
  notFoundTitle: "페이지를 찾을 수 없습니다",
  notFound: "이 샌드박스(이 환경)가 발급한 링크가 아닙니다.",
  formRefusedTitle: "유효하지 않은 요청입니다",
  formRefused: "이 양식은 이 페이지에서 발급된 것이 아닙니다. 링크를 새로 받아 다시 시도하세요.",
  formUsedTitle: "이미 처리된 요청입니다",
  formUsed: "이 양식은 이미 한 번 제출되었습니다.",
  methodTitle: "지원하지 않는 요청입니다",
  method: "포털 페이지는 GET(열기)과 POST(양식 제출)만 받습니다.",
  missingTitle: "문서를 찾을 수 없습니다",
  missing: "이 링크의 문서가 더 이상 없습니다 (삭제되었습니다).",
  documentId: "문서번호",
  confirmNum: "승인번호",
  statementNum: "일련번호",
  state: "상태",
  issuedAt: "발행일시",
  openedAt: "수신확인",
  notOpened: "미확인",
  printHint: "브라우저의 인쇄 기능(Ctrl+P)으로 인쇄하세요.",
  copyBoth: "모두",
  copySupplier: "공급자 보관용",
  copyBuyer: "공급받는자 보관용",
  massPrint: (count) => `${count}건, 한 장에 한 건씩 인쇄됩니다.`,
  confirmButton: "수신 확인",
  confirmHint: "알림메일로 받은 문서를 확인했음을 공급자에게 알립니다.",
  confirmedTitle: "수신 확인되었습니다",
  confirmed: (at) => `확인 일시: ${at}`,
  approveButton: "승인",
  approveHint: "이 명세서는 승인 대기(200) 중입니다. 승인하면 발행(300)됩니다.",
  approvedTitle: "승인되었습니다",
  approved: (state) => `상태: ${state}`,
  refusedTitle: "처리할 수 없습니다",
  certificateTitle: "공동인증서 등록 (전자세금계산서 발행용)",
  portalCertificateTitle: "홈택스 인증서 등록 (현금영수증 수집용)",
  certificateNone: "등록된 인증서가 없습니다.",
  certificateCurrent: (expires) => `등록된 인증서가 있습니다 (만료: ${expires}).`,
  certificateButton: "테스트 인증서 등록",
  certificateHint: "샌드박스의 테스트 인증서를 이 회원에게 등록합니다 (유효기간 1년). 있던 인증서는 교체됩니다.",
  certificateRegisteredTitle: "인증서가 등록되었습니다",
  certificateRegistered: (expires) => `만료 일시: ${expires}`,
  boxTitle: "현금영수증 발행함",
  boxEmpty: "발행한 현금영수증이 없습니다.",
  boxShown: (shown, total) => `최근 ${shown}건 / 전체 ${total}건`,
  boxView: "보기",
  writeTitle: "현금영수증 발행",
  writeHint: "API의 RegistIssue와 같은 규칙으로 검사하고 발행합니다. 비운 칸은 보내지 않은 것으로 봅니다.",
  writeButton: "발행",
  writeInvalid: "입력을 확인하세요.",
  writeIssuedTitle: "현금영수증이 발행되었습니다",
  writeIssued: (confirmNum) => `승인번호 ${confirmNum}`,
  copyMerchant: "가맹점 보관용",
  copyCustomer: "고객 보관용",
  receiptsMassPrint: "현금영수증 대량인쇄",
  homeTitle: "회원 홈",
  homeCompany: "회사 정보",
  homeContacts: "담당자",
  homeManager: "관리자",
  chargeTitle: "포인트 충전",
  chargeNote: "샌드박스는 요금을 받지 않습니다. 충전할 포인트도, 문서 발행으로 차감되는 포인트도 없습니다.",
  balance: "잔여 포인트",
  paymentTitle: "결제 내역",
  paymentNone: "결제 내역이 없습니다. 샌드박스는 요금을 받지 않습니다.",
  useTitle: "사용 내역",
  useHint: "일자별 발행 건수입니다. 실서비스에서는 건마다 포인트가 차감되고, 샌드박스에서는 차감되지 않습니다.",
  useNone: "아직 발행한 문서가 없습니다.",
  day: "일자",
  cashbills: "현금영수증",
  taxinvoices: "전자세금계산서",
  statements: "전자명세서",
  member: "회원"
}

const en: Texts = {
  goneTitle: "This link has expired",
  goneUsed: "This link was opened already. A portal link opens once.",
  goneLate: "This link is past its validity (30 seconds of document time after it was handed out).",
  goneHint: "Ask the API for a new URL and open that one.",
  notFoundTitle: "No such page",
  notFound: "This sandbox (in this environment) never handed out this link.",
  formRefusedTitle: "This form is not valid here",
  formRefused: "This form was not handed out by this page. Get a new link and try again.",
  formUsedTitle: "Already submitted",
  formUsed: "This form was submitted once already.",
  methodTitle: "Unsupported request",
  method: "Portal pages take GET (open) and POST (submit a form) only.",
  missingTitle: "Document not found",
  missing: "The document of this link no longer exists (it was deleted).",
  documentId: "Document ID",
  confirmNum: "Confirmation number",
  statementNum: "Statement number",
  state: "State",
  issuedAt: "Issued",
  openedAt: "Opened by the buyer",
  notOpened: "not yet",
  printHint: "Print with the browser (Ctrl+P).",
  copyBoth: "Both",
  copySupplier: "Supplier's copy",
  copyBuyer: "Buyer's copy",
  massPrint: (count) => `${count} documents, one per printed page.`,
  confirmButton: "Confirm receipt",
  confirmHint: "Tells the supplier that the document of the notification mail was received.",
  confirmedTitle: "Receipt confirmed",
  confirmed: (at) => `Confirmed at ${at}`,
  approveButton: "Approve",
  approveHint: "This statement is pending approval (200). Approving issues it (300).",
  approvedTitle: "Approved",
  approved: (state) => `State: ${state}`,
  refusedTitle: "Not possible",
  certificateTitle: "Issuing certificate (e-Tax invoices)",
  portalCertificateTitle: "Tax portal certificate (cash receipt collection)",
  certificateNone: "No certificate is registered.",
  certificateCurrent: (expires) => `A certificate is registered (expires ${expires}).`,
  certificateButton: "Register a test certificate",
  certificateHint: "Registers the sandbox's test certificate for this member (valid one year), replacing any other.",
  certificateRegisteredTitle: "Certificate registered",
  certificateRegistered: (expires) => `Expires ${expires}`,
  boxTitle: "Issued cash receipts",
  boxEmpty: "No cash receipts issued yet.",
  boxShown: (shown, total) => `Latest ${shown} of ${total}`,
  boxView: "View",
  writeTitle: "Issue a cash receipt",
  writeHint: "Checked and issued by the same rules as the API's RegistIssue. Empty fields count as not sent.",
  writeButton: "Issue",
  writeInvalid: "Check the input.",
  writeIssuedTitle: "Cash receipt issued",
  writeIssued: (confirmNum) => `Confirmation number ${confirmNum}`,
  copyMerchant: "Merchant's copy",
  copyCustomer: "Customer's copy",
  receiptsMassPrint: "Cash receipts, mass print",
  homeTitle: "Member home",
  homeCompany: "Company",
  homeContacts: "Contacts",
  homeManager: "Manager",
  chargeTitle: "Charge points",
  chargeNote: "The sandbox charges nothing: there are no points to charge, and issuing documents deducts none.",
  balance: "Points left",
  paymentTitle: "Payment history",
  paymentNone: "No payments. The sandbox charges nothing.",
  useTitle: "Use history",
  useHint: "Documents issued per day. The live service deducts points for each; the sandbox deducts none.",
  useNone: "No documents issued yet.",
  day: "Day",
  cashbills: "Cash receipts",
  taxinvoices: "e-Tax invoices",
  statements: "Statements",
  member: "Member"
}

/**
 * The words of a language.
 *
 * @since 0.1.0
 * @category constants
 */
export const textsOf = (language: Language): Texts => (language === "en" ? en : ko)
