/**
 * Stable error codes of the API envelope, with HTTP status and the message in each locale.
 * `{name}` placeholders are filled from the error's params. The web app shows the same texts
 * by code, so a message reads the same whichever side raised it.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, 'zh-CN': '请求参数有误：{reason}', 'en-US': 'Invalid request: {reason}' },
  MALFORMED_BODY: {
    status: 400,
    'zh-CN': '请求内容格式错误，无法解析',
    'en-US': 'The request body could not be parsed',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    'zh-CN': '不支持的请求内容类型',
    'en-US': 'Unsupported content type',
  },
  PAYLOAD_TOO_LARGE: { status: 413, 'zh-CN': '请求内容过大', 'en-US': 'The request body is too large' },
  UNAUTHORIZED: {
    status: 401,
    'zh-CN': '登录信息已过期，请重新登录',
    'en-US': 'Your sign-in has expired. Please sign in again.',
  },
  FORBIDDEN: { status: 403, 'zh-CN': '您没有权限。', 'en-US': 'You do not have permission.' },
  NOT_FOUND: { status: 404, 'zh-CN': '请求的资源不存在', 'en-US': 'The requested resource does not exist' },
  METHOD_NOT_ALLOWED: { status: 405, 'zh-CN': '不支持的请求方法', 'en-US': 'Method not allowed' },
  LOGIN_FAILED: {
    status: 401,
    'zh-CN': '用户名或密码错误',
    'en-US': 'Incorrect username or password',
  },
  ACCOUNT_LOCKED: {
    status: 423,
    'zh-CN': '连续登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-ins. The account is locked; try again in {minutes} min.',
  },
  ACCOUNT_DISABLED: {
    status: 403,
    'zh-CN': '账号已停用，请联系单位管理员',
    'en-US': 'This account is disabled. Please contact your organisation administrator.',
  },
  RATE_LIMITED: {
    status: 429,
    'zh-CN': '请求过于频繁，请稍后再试',
    'en-US': 'Too many requests. Please try again later.',
  },
  LOGIN_REQUIRED: {
    status: 401,
    'zh-CN': '尚未登录或登录已超时，请重新登录',
    'en-US': 'You are not signed in, or the sign-in timed out. Please sign in again.',
  },
  INVALID_CLIENT: { status: 400, 'zh-CN': '客户端未登记', 'en-US': 'Unknown client' },
  INVALID_GRANT: {
    status: 400,
    'zh-CN': '授权码无效或已过期，请重新登录',
    'en-US': 'The authorization code is invalid or expired. Please sign in again.',
  },
  UNSUPPORTED_GRANT_TYPE: {
    status: 400,
    'zh-CN': '不支持的授权类型',
    'en-US': 'Unsupported grant type',
  },
  PASSWORD_INCORRECT: { status: 400, 'zh-CN': '原密码不正确', 'en-US': 'The current password is incorrect' },
  PASSWORD_POLICY: {
    status: 400,
    'zh-CN': '新密码不符合密码策略：{reason}',
    'en-US': 'The new password does not meet the policy: {reason}',
  },
  PASSWORD_UNCHANGED: {
    status: 400,
    'zh-CN': '新密码不能与原密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  USERNAME_TAKEN: { status: 409, 'zh-CN': '用户名已被使用', 'en-US': 'This username is already taken' },
  ACCOUNT_NOT_FOUND: {
    status: 404,
    'zh-CN': '用户名不存在，请核对后再试',
    'en-US': 'No account has this username; please check it',
  },
  ALREADY_MEMBER: {
    status: 409,
    'zh-CN': '该用户已是本单位人员',
    'en-US': 'This person is already a member',
  },
  LAST_ADMIN: {
    status: 409,
    'zh-CN': '不能取消或停用本单位最后一名管理员，请先指定其他管理员',
    'en-US': 'The last administrator cannot be removed or disabled; appoint another one first',
  },
  PROFILE_NOT_ALLOWED: {
    status: 400,
    'zh-CN': '该单位类型不能分配以下权限：{profiles}',
    'en-US': 'This organisation type cannot hold: {profiles}',
  },
  CANNOT_DISABLE_SELF: {
    status: 409,
    'zh-CN': '不能停用自己的账号',
    'en-US': 'You cannot disable yourself',
  },
  CREDIT_CODE_TAKEN: {
    status: 409,
    'zh-CN': '该统一社会信用代码已登记',
    'en-US': 'This unified social credit code is already registered',
  },
  APPLICATION_PENDING: {
    status: 403,
    'zh-CN': '您的注册申请正在审核中，审核通过后即可登录',
    'en-US': 'Your registration is being reviewed; you can sign in once it is approved',
  },
  APPLICATION_REJECTED: {
    status: 403,
    'zh-CN': '您的注册申请未通过审核：{reason}。请修改后重新提交',
    'en-US': 'Your registration was not approved: {reason}. Please correct it and submit again',
  },
  APPLICATION_NOT_PENDING: {
    status: 409,
    'zh-CN': '该申请已处理，不能重复审核',
    'en-US': 'This application has already been decided',
  },
  UNSUPPORTED_FILE: {
    status: 400,
    'zh-CN': '营业执照须为 PDF、PNG 或 JPG 文件',
    'en-US': 'The business licence must be a PDF, PNG or JPG file',
  },
  FILE_TOO_LARGE: {
    status: 413,
    'zh-CN': '文件不能超过 {mb} MB',
    'en-US': 'The file must not exceed {mb} MB',
  },
  RESET_NOT_ALLOWED: {
    status: 403,
    'zh-CN': '该账号同时属于其他单位或为平台管理员账号，请联系系统管理员重置密码',
    'en-US':
      'This account also belongs to other organisations or is a platform administrator; ask the system administrator to reset it',
  },
  CONFLICT: {
    status: 409,
    'zh-CN': '数据已存在或已被他人修改，请刷新后重试',
    'en-US': 'This already exists or was changed by someone else; refresh and try again',
  },
  INTERNAL_ERROR: {
    status: 500,
    'zh-CN': '服务器内部错误，请稍后再试',
    'en-US': 'Internal server error. Please try again later.',
  },
} as const satisfies Record<string, { status: number; 'zh-CN': string; 'en-US': string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const SUCCESS = 'SUCCESS';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];

export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

export function errorMessage(
  code: ErrorCode,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  return formatMessage(ERROR_CODES[code][locale], params);
}

/** Picks zh-CN unless the client prefers English. */
export function localeFrom(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'zh-CN';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}
