/**
 * The catalogue of service error codes: the live service's known codes (docs/decisions.md "Errors") and the
 * codes the sandbox defines where the live catalogue is not published. The sandbox answers with
 * these; the client recognises them (see `ApiError` helpers in `Errors.ts`).
 *
 * Every entry carries its HTTP status (docs/decisions.md "Errors") and a Korean and an English
 * message; the sandbox picks the language from `Accept-Language`.
 *
 * @since 0.1.0
 */

/**
 * One catalogue entry.
 *
 * @since 0.1.0
 * @category models
 */
export interface ErrorCodeEntry {
  readonly code: number
  readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 429 | 431 | 500
  readonly ko: string
  readonly en: string
  /** `true` when the code is the live service's; `false` when the sandbox defines it. */
  readonly live: boolean
}

const entry = (code: number, status: ErrorCodeEntry["status"], ko: string, en: string, live = false): ErrorCodeEntry => ({
  code,
  status,
  ko,
  en,
  live
})

/**
 * Every code, by name.
 *
 * @since 0.1.0
 * @category constants
 */
export const ErrorCodes = {
  // ── authentication and tokens (-990… / -100…) ─────────────────────────────────────────────
  MemberNotRegistered: entry(-99003008, 400, "연동회원으로 가입되지 않은 사업자번호입니다.", "The business registration number is not a registered member.", true),
  UnknownLinkId: entry(-99003001, 401, "등록되지 않은 연동아이디입니다.", "Unknown LinkID."),
  SignatureMismatch: entry(-99003002, 401, "서명이 일치하지 않습니다.", "The request signature does not match."),
  StaleDate: entry(-99003003, 401, "요청 시각(X-SVC-Date)이 허용 범위(±5분)를 벗어났습니다.", "X-SVC-Date is missing, malformed or more than 5 minutes away from the service clock."),
  MalformedTokenRequest: entry(-99003004, 400, "토큰 발급 요청 형식이 올바르지 않습니다.", "The token request is malformed (headers or body)."),
  InvalidScope: entry(-99003005, 400, "요청한 권한(scope)이 올바르지 않습니다.", "The requested scope is not valid."),
  TokenUnreadable: entry(-10000033, 401, "토큰을 해석할 수 없습니다.", "The access token could not be interpreted.", true),
  TokenMissing: entry(-10000034, 401, "토큰이 없습니다.", "The access token is missing.", true),
  TokenExpired: entry(-10000035, 401, "토큰이 만료되었습니다.", "The access token has expired."),
  TokenIpMismatch: entry(-10000036, 403, "토큰을 발급받은 IP와 요청 IP가 일치하지 않습니다.", "Token IP mismatch: the token was issued for another IP (send X-SVC-Forwarded: * to allow any IP)."),
  ScopeNotGranted: entry(-10000037, 403, "토큰에 해당 서비스 권한이 없습니다.", "The access token does not grant the scope this operation needs."),
  // ── common and member (-100…) ─────────────────────────────────────────────────────────────
  AlreadyMember: entry(-10001000, 400, "이미 가입된 연동회원입니다.", "Already signed up.", true),
  InvalidId: entry(-10000038, 400, "아이디가 올바르지 않습니다.", "The ID is not valid.", true),
  IdLength: entry(-10000041, 400, "아이디는 6자 이상 50자 이하로 입력하세요.", "The ID must be 6 to 50 characters.", true),
  InvalidPassword: entry(-10000007, 400, "비밀번호는 8자 이상 20자 이하의 영문, 숫자, 특수문자 조합이어야 합니다.", "The password must be 8 to 20 characters with letters, digits and a special character.", true),
  IdInUse: entry(-10000039, 400, "이미 사용중인 아이디입니다.", "The ID is already in use."),
  ContactNotFound: entry(-10000042, 404, "담당자 정보가 존재하지 않습니다.", "No contact with this ID."),
  NotManager: entry(-10000043, 403, "관리자 권한이 필요합니다.", "Only the manager account may do this (X-SVC-UserID)."),
  ManagerUndeletable: entry(-10000044, 400, "관리자 계정은 삭제할 수 없습니다.", "The manager account cannot be deleted."),
  InvalidRequest: entry(-10000001, 400, "요청 형식이 올바르지 않습니다.", "The request is malformed."),
  InvalidField: entry(-10000002, 400, "입력값이 올바르지 않습니다.", "An input field is missing or invalid."),
  NotFoundPath: entry(-10000003, 404, "요청한 경로를 찾을 수 없습니다.", "No such path."),
  UnsupportedMethod: entry(-10000004, 400, "지원하지 않는 요청 방식입니다.", "Unsupported method or override for this path."),
  InjectedFault: entry(-10000500, 500, "서비스 내부 오류입니다.", "Internal service error."),
  RateLimited: entry(-10000429, 429, "요청 한도를 초과했습니다.", "Too many requests."),
  UrlExpired: entry(-10000045, 400, "URL 유효시간이 만료되었습니다.", "The URL has expired (URLs are valid for 30 seconds)."),
  // ── sandbox edge: limits and admin protection (sandbox-defined) ──────────────────────────
  PayloadTooLarge: entry(-10000413, 413, "요청 본문이 허용 크기를 초과했습니다.", "The request body is larger than the sandbox accepts."),
  HeaderTooLarge: entry(-10000431, 431, "요청 헤더가 허용 크기를 초과했습니다.", "The request headers are larger than the sandbox accepts."),
  RequestTimeout: entry(-10000408, 408, "요청을 제한 시간 안에 받지 못했습니다.", "The request was not received in time."),
  MalformedJson: entry(-10000910, 400, "요청 본문이 올바른 JSON이 아닙니다.", "The request body is not valid UTF-8 JSON."),
  JsonTooDeep: entry(-10000911, 400, "요청 본문의 JSON 중첩이 너무 깊습니다.", "The request body's JSON is nested too deeply."),
  AdminTokenRequired: entry(-10000901, 401, "관리자 토큰이 필요합니다.", "This sandbox admin route needs Authorization: Bearer <admin token>."),
  AdminCrossOrigin: entry(-10000902, 403, "다른 출처의 관리 요청은 허용되지 않습니다.", "Admin requests from another origin (Origin header) are refused."),
  AdminContentType: entry(-10000903, 415, "관리 요청 본문은 JSON이어야 합니다.", "Admin request bodies must be sent with a JSON Content-Type."),
  SnapshotNotFound: entry(-10000904, 404, "해당 스냅샷이 없습니다.", "No sandbox snapshot with this ID (snapshots last as long as the sandbox process)."),
  DataNotSaved: entry(-10000905, 500, "변경 내용을 데이터 디렉터리에 저장하지 못했습니다.", "The sandbox could not save the change to its data directory; the change is not acknowledged."),
  // ── e-Tax invoice (-110…) ─────────────────────────────────────────────────────────────────
  TaxinvoiceNotFound: entry(-11000005, 404, "해당 관리번호의 세금계산서가 없습니다.", "No e-Tax invoice with this document ID.", true),
  TaxinvoiceInvalidState: entry(-11000010, 400, "현재 상태에서 처리할 수 없습니다.", "The e-Tax invoice is not in a state that allows this operation."),
  TaxinvoiceMgtKeyInUse: entry(-11000011, 400, "이미 사용중인 관리번호입니다.", "The e-Tax invoice document ID is already in use."),
  TaxinvoiceFilesOnlyWhileSaved: entry(-11000012, 400, "첨부파일은 임시저장 상태에서만 추가하거나 삭제할 수 있습니다.", "Files can be attached or deleted only while the invoice is saved (100)."),
  TaxinvoiceTooManyFiles: entry(-11000013, 400, "첨부파일은 최대 5개까지 첨부할 수 있습니다.", "At most 5 files can be attached to an e-Tax invoice."),
  TaxinvoiceOverdue: entry(-11000014, 400, "발행기한이 지난 세금계산서입니다. 지연발행(forceIssue)으로 발행하세요.", "The issue is overdue (after the 10th of the month following writeDate); send forceIssue: true to issue it late."),
  TaxinvoiceFileNotFound: entry(-11000015, 404, "해당 첨부파일이 없습니다.", "No attached file with this file ID."),
  TaxinvoiceFileTooLarge: entry(-11000016, 400, "첨부파일의 크기가 허용 한도(10MB)를 초과합니다.", "The attached file is larger than the sandbox's limit of 10 MiB."),
  TaxinvoiceWriteDateInFuture: entry(-11000017, 400, "작성일자는 오늘 이후일 수 없습니다.", "writeDate may not be after today (KST)."),
  TaxinvoiceItemKeyNotFound: entry(-11000018, 404, "해당 아이템키의 세금계산서가 없습니다.", "No e-Tax invoice with this item key."),
  TaxinvoiceAlreadyAssigned: entry(-11000019, 400, "이미 관리번호가 할당된 세금계산서입니다.", "The e-Tax invoice already has a document ID."),
  TaxinvoiceInvoicerMismatch: entry(-11000020, 400, "공급자 사업자번호가 연동회원과 일치하지 않습니다.", "invoicerCorpNum must be the member's own registration number."),
  CertificateNotRegistered: entry(-11000030, 404, "등록된 인증서가 없습니다.", "No tax invoice issuing certificate is registered for this member."),
  CertificateExpired: entry(-11000031, 400, "인증서가 만료되었습니다.", "The member's certificate has expired."),
  // ── statement (-120…) ─────────────────────────────────────────────────────────────────────
  StatementNotFound: entry(-12000004, 404, "해당 관리번호의 전자명세서가 없습니다.", "No statement with this document ID.", true),
  StatementMgtKeyInUse: entry(-12001012, 400, "이미 사용중인 관리번호입니다.", "The statement document ID is already in use.", true),
  StatementInvalidState: entry(-12000010, 400, "현재 상태에서 처리할 수 없습니다.", "The statement is not in a state that allows this operation."),
  // ── cash receipt (-140…) ──────────────────────────────────────────────────────────────────
  CashbillNotFound: entry(-14000003, 404, "해당 관리번호의 현금영수증이 없습니다.", "No cash receipt with this document ID.", true),
  CashbillMgtKeyInUse: entry(-14001019, 400, "이미 사용중인 관리번호입니다.", "The document ID is already in use.", true),
  CashbillOriginalNotFound: entry(-14001020, 400, "원본 현금영수증을 찾을 수 없습니다.", "The original cash receipt (orgConfirmNum + orgTradeDate) was not found.", true),
  CashbillRevokeOverTotal: entry(-14001023, 400, "취소금액이 원본 금액을 초과합니다.", "The revocation amount exceeds the original total.", true),
  CashbillInvalidState: entry(-14000010, 400, "현재 상태에서 처리할 수 없습니다.", "The cash receipt is not in a state that allows this operation."),
  CashbillRevokeBeforeOriginal: entry(-14001024, 400, "취소거래 일시는 원본 거래일시보다 빠를 수 없습니다.", "The revocation trade time may not be earlier than the original's."),
  CashbillInvalidTradeDT: entry(-14001025, 400, "거래일시는 당일 또는 전일만 가능합니다.", "tradeDT must be today or the previous day (KST)."),
  BulkDigestMismatch: entry(-14001030, 400, "X-SVC-Message-Digest가 요청 본문과 일치하지 않습니다.", "X-SVC-Message-Digest does not match the request body."),
  BulkSubmitIdReused: entry(-14001031, 400, "이미 사용된 접수아이디입니다.", "The submit ID was already used with a different body."),
  BulkSubmitIdInvalid: entry(-14001032, 400, "접수아이디가 올바르지 않습니다.", "X-SVC-Submit-ID is missing or invalid (letters, digits, hyphen; at most 36)."),
  BulkNotFound: entry(-14001033, 404, "접수아이디에 해당하는 대량발행 내역이 없습니다.", "No bulk submission with this submit ID."),
  BulkTooMany: entry(-14001034, 400, "대량발행은 1건 이상 100건 이하만 가능합니다.", "A bulk submission holds 1 to 100 documents."),
  // ── tax portal collection (-111…) ─────────────────────────────────────────────────────────
  JobNotFound: entry(-11100001, 404, "수집 작업을 찾을 수 없습니다.", "No collection job with this ID (job IDs are valid for 1 hour)."),
  JobNotCompleted: entry(-11100002, 400, "수집 작업이 완료되지 않았습니다.", "The collection job has not completed yet."),
  JobExpired: entry(-11100003, 400, "수집 작업의 유효시간(1시간)이 지났습니다.", "The collection job has expired (job IDs are valid for 1 hour after registration)."),
  JobRangeInvalid: entry(-11100004, 400, "조회 기간이 올바르지 않습니다. 시작일은 종료일보다 늦을 수 없으며 최대 3개월까지 조회할 수 있습니다.", "Invalid collection range: SDate may not be after EDate, and the range is at most 3 months."),
  CollectedTaxinvoiceNotFound: entry(-11100005, 404, "해당 국세청승인번호의 수집된 세금계산서가 없습니다.", "No collected tax invoice with this confirmation number."),
  PortalCertificateNotRegistered: entry(-11100006, 400, "등록된 홈택스 인증서가 없습니다.", "No tax portal certificate is registered for this member."),
  DeptUserNotRegistered: entry(-11100007, 400, "등록된 홈택스 부서사용자 계정이 없습니다.", "No tax portal department account is registered for this member."),
  // ── company status (-170…) ────────────────────────────────────────────────────────────────
  InvalidCorpNum: entry(-17000003, 400, "사업자등록번호가 올바르지 않습니다.", "Invalid business registration number.", true),
  TooManyCorpNums: entry(-17000002, 400, "최대 1,000건까지 조회할 수 있습니다.", "At most 1,000 registration numbers per request.", true)
} as const satisfies Record<string, ErrorCodeEntry>

/**
 * The name of a catalogue entry.
 *
 * @since 0.1.0
 * @category models
 */
export type ErrorCodeName = keyof typeof ErrorCodes

/**
 * Code reserved for failures on the client side (the service never sends it).
 *
 * @since 0.1.0
 * @category constants
 */
export const CLIENT_FAILURE_CODE = -99999999

const byCode = new Map<number, ErrorCodeName>(
  (Object.keys(ErrorCodes) as Array<ErrorCodeName>).map((name) => [ErrorCodes[name].code, name])
)

/**
 * The catalogue name of a code, if it is known.
 *
 * @since 0.1.0
 * @category combinators
 */
export const nameOfCode = (code: number): ErrorCodeName | undefined => byCode.get(code)
