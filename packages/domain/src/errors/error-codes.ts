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
  NUL_CHARACTER: {
    status: 400,
    'zh-CN': '{field}中含有空字符（NUL），请删除后重试',
    'en-US': '{field} contains a NUL character; remove it and try again',
  },
  FILE_NAME_EMPTY: {
    status: 400,
    'zh-CN': '文件名为空或只含不可见字符，请给文件改名后重新上传',
    'en-US':
      'The file name is empty or made only of invisible characters; rename the file and upload it again',
  },
  FOLDER_NAME_EMPTY: {
    status: 400,
    'zh-CN': '文件夹名称为空或只含不可见字符，请重新输入',
    'en-US': 'The folder name is empty or made only of invisible characters; enter another name',
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
  HANDOVER_CODE_INVALID: {
    status: 400,
    'zh-CN': '登录链接无效、已使用或已过期，未登录。请重新获取链接或直接登录',
    'en-US':
      'This sign-in link is invalid, already used or expired; you were not signed in. Get a new link or sign in directly.',
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
  PLATFORM_PROFILE_OPERATOR_ONLY: {
    status: 400,
    'zh-CN': '{profiles}权限只属于平台运营单位，不能分配给本单位人员',
    'en-US': '{profiles}: these profiles belong to the platform operator alone and cannot be given here',
  },
  PLATFORM_PROFILE_SYSTEM_ADMIN_ONLY: {
    status: 403,
    'zh-CN': '只有系统管理员可以分配平台人员权限：{profiles}',
    'en-US': 'Only the system administrator can give platform staff profiles: {profiles}',
  },
  CANNOT_RAISE_OWN_PROFILES: {
    status: 403,
    'zh-CN': '不能给自己增加权限，请由其他管理员分配：{profiles}',
    'en-US': 'You cannot give yourself more profiles; ask another administrator: {profiles}',
  },
  CANNOT_RAISE_OWN_ADMIN: {
    status: 403,
    'zh-CN': '不能把自己设为管理员，请由其他管理员设置',
    'en-US': 'You cannot make yourself an administrator; ask another administrator',
  },
  ALREADY_INVITED: {
    status: 409,
    'zh-CN': '已向该用户名发出邀请，尚未答复',
    'en-US': 'An invitation to this username is already waiting for an answer',
  },
  INVITATION_NOT_PENDING: {
    status: 409,
    'zh-CN': '该邀请已处理、已撤销或已过期',
    'en-US': 'This invitation has already been answered, was cancelled or has expired',
  },
  INVITATION_NO_LONGER_VALID: {
    status: 409,
    'zh-CN': '该邀请已失效（单位已停用或邀请的权限已不能分配），请联系单位管理员重新邀请',
    'en-US':
      'This invitation is no longer valid (the organisation is disabled or the profiles can no longer be given); ask its administrator to invite you again',
  },
  PLATFORM_OPERATOR_EXISTS: {
    status: 409,
    'zh-CN': '平台运营单位已存在，只能有一个',
    'en-US': 'The platform operator already exists; there can be only one',
  },
  PLATFORM_OPERATOR_NOT_CONTROL: {
    status: 400,
    'zh-CN': '平台运营单位须为监管单位类型',
    'en-US': 'The platform operator must be a supervising authority (CONTROL)',
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
  UNLOCK_NOT_ALLOWED: {
    status: 403,
    'zh-CN': '该账号同时属于其他单位或为平台管理员账号，请联系系统管理员解除锁定',
    'en-US':
      'This account also belongs to other organisations or is a platform administrator; ask the system administrator to unlock it',
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
  PROJECT_NOT_DRAFT: {
    status: 409,
    'zh-CN': '该报审已提交，不能修改、删除或重复提交',
    'en-US': 'This application has been submitted; it cannot be edited, deleted or submitted again',
  },
  PROJECT_ALREADY_ACCEPTED: {
    status: 409,
    'zh-CN': '审查机构已受理，不能撤回',
    'en-US': 'The review agency has accepted it; it can no longer be recalled',
  },
  PROJECT_NOT_SUBMITTED: {
    status: 409,
    'zh-CN': '该报审尚未提交，无需撤回',
    'en-US': 'This application has not been submitted',
  },
  PROJECT_DIC_IN_USE: {
    status: 409,
    'zh-CN': '该工程项目下已有报审，不能删除',
    'en-US': 'Applications exist under this project; it cannot be deleted',
  },
  PARTY_WRONG_TYPE: {
    status: 400,
    'zh-CN': '所选单位不是有效的{role}：{name}',
    'en-US': 'The selected organisation is not an active {role}: {name}',
  },
  LIVE_UPDATES_UNAVAILABLE: {
    status: 503,
    'zh-CN': '实时消息暂不可用，将定时刷新',
    'en-US': 'Live updates are unavailable for now; the list refreshes periodically',
  },
  TODO_ALREADY_SETTLED: {
    status: 409,
    'zh-CN': '该待办已办理，无需重复办理',
    'en-US': 'This to-do has already been done',
  },
  BUILDING_NAME_TAKEN: {
    status: 409,
    'zh-CN': '本项目已有名为「{name}」的单体',
    'en-US': 'This project already has a building named "{name}"',
  },
  BUILDING_NOT_EDITABLE: {
    status: 409,
    'zh-CN': '单体「{name}」已提交或已确认，不能修改或删除',
    'en-US': 'Building "{name}" has been submitted or confirmed; it cannot be changed or deleted',
  },
  BUILDING_PROJECT_LOCKED: {
    status: 409,
    'zh-CN': '该报审的资料已送审，单体信息不能再修改',
    'en-US':
      'The materials of this application have been sent to review; its buildings can no longer be changed',
  },
  BUILDING_NOT_SUBMITTED: {
    status: 409,
    'zh-CN': '单体「{name}」不是待确认的状态',
    'en-US': 'Building "{name}" is not waiting for confirmation',
  },
  BUILDING_REJECT_NOT_ALLOWED: {
    status: 409,
    'zh-CN': '单体「{name}」当前不能退回：只能在受理前退回已提交的单体',
    'en-US': 'Building "{name}" cannot be rejected now: only submitted buildings can be, before acceptance',
  },
  BUILDING_REJECT_REASON_MISSING: {
    status: 400,
    'zh-CN': '请填写退回单体「{name}」的原因',
    'en-US': 'Please give the reason for rejecting building "{name}"',
  },
  BUILDING_UNIT_NOT_IN_PROJECT: {
    status: 400,
    'zh-CN': '{name}不是本项目的{role}',
    'en-US': '{name} is not a {role} of this project',
  },
  BUILDING_UNIT_NOT_NAMED: {
    status: 403,
    'zh-CN': '本单位不是单体「{name}」的{role}',
    'en-US': 'Your organisation is not a {role} of building "{name}"',
  },
  DESIGN_SPECIALTY_TAKEN: {
    status: 409,
    'zh-CN': '本单位已填写单体「{name}」的{specialty}专业设计信息',
    'en-US': 'Your organisation has already entered the {specialty} design information of building "{name}"',
  },
  DICTIONARY_CODE_UNKNOWN: {
    status: 400,
    'zh-CN': '{field}的取值不在字典中：{code}',
    'en-US': 'The value of {field} is not in the dictionary: {code}',
  },
  HAZARD_BEYOND_SCALE: {
    status: 400,
    'zh-CN': '「{name}」属于超过一定规模的危大工程，须标记为超过一定规模',
    'en-US': '"{name}" is a hazardous sub-project beyond a certain scale by definition and must be marked so',
  },
  PROJECT_NO_BUILDINGS: {
    status: 409,
    'zh-CN': '请先添加单体后再提交',
    'en-US': 'Add at least one building before submitting',
  },
  DOC_VERSION_LOCKED: {
    status: 409,
    'zh-CN': '该版本资料已送审或正在审查，不能修改',
    'en-US': 'This version has been sent to review or is in review; it cannot be changed',
  },
  DOC_FOLDER_NOT_YOURS: {
    status: 403,
    'zh-CN': '只能在本单位负责的目录中操作',
    'en-US': 'You can only work in the folders your organisation is responsible for',
  },
  DOC_FOLDER_GENERATED: {
    status: 409,
    'zh-CN': '单体和专业目录随单体信息生成，不能修改、移动或删除',
    'en-US': 'Building and specialty folders follow the buildings; they cannot be changed, moved or deleted',
  },
  DOC_FOLDER_NAME_TAKEN: {
    status: 409,
    'zh-CN': '同一目录下已有名为「{name}」的文件夹',
    'en-US': 'This folder already holds a folder named "{name}"',
  },
  DOC_FOLDER_TOO_DEEP: {
    status: 409,
    'zh-CN': '文件夹最多嵌套 {max} 层',
    'en-US': 'Folders nest at most {max} levels deep',
  },
  UPLOAD_CODE_INVALID: {
    status: 404,
    'zh-CN': '上传凭证无效、已使用或已过期，请重新选择文件上传',
    'en-US': 'The upload code is unknown, used or expired; choose the file again to upload it',
  },
  TUS_VERSION_UNSUPPORTED: {
    status: 412,
    'zh-CN': '上传客户端的协议版本不受支持（需要 tus 1.0.0）',
    'en-US': 'The upload client speaks an unsupported protocol version (tus 1.0.0 is required)',
  },
  TUS_OFFSET_MISMATCH: {
    status: 409,
    'zh-CN': '续传位置与服务器已收到的不一致，请重新查询后继续上传',
    'en-US': 'The resume offset does not match what the server has received; ask again and resume',
  },
  TUS_UPLOAD_BUSY: {
    status: 423,
    'zh-CN': '该文件的另一段正在上传，请稍后继续',
    'en-US': 'Another part of this file is being received; resume in a moment',
  },
  TUS_LENGTH_EXCEEDED: {
    status: 413,
    'zh-CN': '上传的内容超出了声明的文件大小',
    'en-US': 'More bytes were sent than the upload declared',
  },
  UPLOAD_NOT_FINISHED: {
    status: 409,
    'zh-CN': '文件尚未上传完成',
    'en-US': 'The file has not finished uploading',
  },
  UPLOAD_FILE_MISSING: {
    status: 400,
    'zh-CN': '请在 operationCode 之后附上名为 file 的文件',
    'en-US': 'Send the file in a part named "file", after operationCode',
  },
  DOC_FILE_TYPE_REFUSED: {
    status: 415,
    'zh-CN':
      '「{name}」不是可上传的图纸或文档（按文件内容判断）。可上传 PDF、DWF/DWFx、DWG、DXF、IFC、RVT、图片、OFD 和 Office 文档',
    'en-US':
      '"{name}" is not a drawing or document the platform takes (judged by its content). PDF, DWF/DWFx, DWG, DXF, IFC, RVT, images, OFD and Office documents are accepted',
  },
  DOC_FILE_TOO_LARGE: {
    status: 413,
    'zh-CN': '单个文件不能超过 {size}',
    'en-US': 'A single file must not exceed {size}',
  },
  DOC_FOLDER_GONE: {
    status: 409,
    'zh-CN': '上传的目标文件夹已被删除，请重新选择文件夹后上传',
    'en-US': 'The folder this upload was for has been deleted; choose a folder and upload again',
  },
  DOC_ALREADY_COMMITTED: {
    status: 409,
    'zh-CN': '本单位已提交该版本的资料，不能再修改',
    'en-US': 'Your organisation has committed its materials in this version; they cannot be changed',
  },
  DOC_NOTHING_TO_COMMIT: {
    status: 409,
    'zh-CN': '请先上传资料后再提交',
    'en-US': 'Upload your materials before committing them',
  },
  DOC_UNITS_NOT_COMMITTED: {
    status: 409,
    'zh-CN': '以下单位尚未提交资料：{names}',
    'en-US': 'These organisations have not committed their materials yet: {names}',
  },
  DOC_NOT_SENT: {
    status: 409,
    'zh-CN': '该版本资料尚未送审',
    'en-US': 'This version has not been sent to review',
  },
  DOC_DIRECTOR_ONLY: {
    status: 403,
    'zh-CN': '只有审查机构负责人或管理员可以受理或退回资料',
    'en-US': "Only the agency's director or administrator can accept or return materials",
  },
  DOC_ORDER_MISMATCH: {
    status: 400,
    'zh-CN': '排序的文件夹须为同一目录下的全部自建文件夹',
    'en-US': 'An order must name every folder you added in one parent folder, and only those',
  },
  SURVEY_INFO_SUBMITTED: {
    status: 409,
    'zh-CN': '勘察信息已提交，不能再修改或重复提交',
    'en-US': 'The survey information has been submitted; it cannot be changed or submitted again',
  },
  SURVEY_INFO_NOT_SAVED: {
    status: 409,
    'zh-CN': '请先保存勘察信息后再提交',
    'en-US': 'Save the survey information before submitting it',
  },
  SURVEY_GRADE_MISMATCH: {
    status: 400,
    'zh-CN': '岩土工程勘察等级与工程重要性、场地和地基复杂程度等级不符（GB 50021 第3.1.4条），应为{grades}',
    'en-US':
      'The survey grade does not follow from the importance, site and ground grades (GB 50021 §3.1.4); it should be {grades}',
  },
  SURVEY_REPORT_DATE_FUTURE: {
    status: 400,
    'zh-CN': '报告完成日期不能晚于今天',
    'en-US': 'The report date cannot be later than today',
  },
  ALTER_NO_PASSED_APPLICATION: {
    status: 409,
    'zh-CN': '该工程项目尚无审查合格的报审，不能申请变更',
    'en-US': 'No application of this project has passed review yet; a change cannot be applied for',
  },
  ALTER_BUILDING_NOT_PASSED: {
    status: 400,
    'zh-CN': '所选单体不属于该工程项目审查合格的报审：{name}',
    'en-US': 'The selected building is not part of a passed application of this project: {name}',
  },
  PROJECT_DOC_UNSUPPORTED_FILE: {
    status: 400,
    'zh-CN': '附件须为 PDF、OFD、JPG 或 PNG 文件',
    'en-US': 'The attachment must be a PDF, OFD, JPG or PNG file',
  },
  PROJECT_DOC_FILE_MISSING: {
    status: 400,
    'zh-CN': '请选择要上传的附件',
    'en-US': 'Choose the file to upload',
  },
  PORTAL_UPLOAD_PURPOSE_MISSING: {
    status: 400,
    'zh-CN': '请先在 purpose 字段中写明用途（ATTACHMENT 附件或 COVER 封面图片），再附上名为 file 的文件',
    'en-US': 'Send the field "purpose" (ATTACHMENT or COVER) first, then the file in a part named "file"',
  },
  PORTAL_UPLOAD_FILE_MISSING: {
    status: 400,
    'zh-CN': '请选择要上传的文件（文件不能为空）',
    'en-US': 'Choose the file to upload (it must not be empty)',
  },
  PORTAL_ATTACHMENT_TYPE_REFUSED: {
    status: 415,
    'zh-CN':
      '「{name}」不能作为附件上传（按文件内容判断）。附件可为 PDF、OFD、Word、Excel、ZIP、JPG 或 PNG 文件',
    'en-US':
      '"{name}" cannot be an attachment (judged by its content). Attachments may be PDF, OFD, Word, Excel, ZIP, JPG or PNG files',
  },
  PORTAL_COVER_TYPE_REFUSED: {
    status: 415,
    'zh-CN': '「{name}」不能作为封面图片（按文件内容判断）。封面须为 JPG、PNG 或 WebP 图片',
    'en-US': '"{name}" cannot be a cover (judged by its content). A cover must be a JPG, PNG or WebP image',
  },
  PORTAL_FILE_TOO_LARGE: {
    status: 413,
    'zh-CN': '{what}不能超过 {mb} MB',
    'en-US': '{what} must not exceed {mb} MB',
  },
  PORTAL_UPLOAD_UNAVAILABLE: {
    status: 400,
    'zh-CN': '所选的附件或封面图片不存在、已被其他内容使用或不是您上传的，请重新上传',
    'en-US':
      'A chosen attachment or cover does not exist, is used elsewhere or was not uploaded by you; upload it again',
  },
  PORTAL_UPLOAD_PURPOSE_MISMATCH: {
    status: 400,
    'zh-CN': '「{name}」不是作为{expected}上传的，请重新上传',
    'en-US': '"{name}" was not uploaded as {expected}; upload it again',
  },
  PORTAL_BANNER_NEEDS_COVER: {
    status: 400,
    'zh-CN': '在首页轮播图中展示的内容须设置封面图片',
    'en-US': 'An item shown in the home page banner needs a cover image',
  },
  PORTAL_LINKS_PER_GROUP: {
    status: 400,
    'zh-CN': '每组链接不能超过 {max} 个',
    'en-US': 'A link group may hold at most {max} links',
  },
  PORTAL_LINK_SCHEME: {
    status: 400,
    'zh-CN': '链接地址须以 http:// 或 https:// 开头',
    'en-US': 'A link must start with http:// or https://',
  },
  CREDIT_DOCUMENT_INVALID: {
    status: 400,
    'zh-CN': '所选决定文件不存在或已被其他内容使用，请重新上传',
    'en-US': 'The chosen decision document does not exist or is used elsewhere; upload it again',
  },
  FORUM_BODY_EMPTY: {
    status: 400,
    'zh-CN': '内容不能为空（去除不允许的格式后没有可显示的文字或图片）',
    'en-US': 'The text is empty (nothing readable is left once disallowed markup is removed)',
  },
  FORUM_TOPIC_LOCKED: {
    status: 409,
    'zh-CN': '该主题已被管理员锁定，不能再回复',
    'en-US': 'This topic has been locked by the moderators and takes no more replies',
  },
  FORUM_TOPIC_HIDDEN: {
    status: 404,
    'zh-CN': '该主题已被管理员隐藏，不能回复',
    'en-US': 'This topic has been hidden by the moderators and cannot be replied to',
  },
  MEMBER_CREDENTIALS_NOT_KEPT: {
    status: 400,
    'zh-CN': '{orgType}不登记人员的{fields}，请清空后再保存',
    'en-US': 'A {orgType} does not keep the {fields} of its people; clear them and save again',
  },
  QUALIFICATION_EXPIRED: {
    status: 400,
    'zh-CN': '资质证书已过有效期（有效期至 {date}），请填写有效的资质证书',
    'en-US': 'The qualification certificate expired on {date}; enter a valid certificate',
  },
  CAPTCHA_REQUIRED: {
    status: 428,
    'zh-CN': '登录失败次数较多，请输入图片中的验证码',
    'en-US': 'After several failed sign-ins, enter the characters shown in the picture',
  },
  CAPTCHA_INVALID: {
    status: 400,
    'zh-CN': '验证码错误或已失效，请输入新图片中的验证码',
    'en-US': 'The verification code is wrong or has expired; enter the one in the new picture',
  },
  HANDOVER_SEND_NOT_READY: {
    status: 409,
    'zh-CN': '以下内容尚未完成，不能送审：{items}',
    'en-US': 'These must be completed before the materials are sent to review: {items}',
  },
  HANDOVER_ACCEPT_NOT_READY: {
    status: 409,
    'zh-CN': '以下内容尚未完成，不能受理，请退回资料：{items}',
    'en-US': 'These must be completed before the materials can be accepted; return them: {items}',
  },
  HANDOVER_WARNINGS_UNCONFIRMED: {
    status: 409,
    'zh-CN': '请确认以下提醒后再送审：{items}',
    'en-US': 'Confirm these warnings before sending the materials to review: {items}',
  },
  BUILDING_IMPLAUSIBLE: {
    status: 409,
    'zh-CN': '单体数据与常见情况不符，请核对或确认后保存：{items}',
    'en-US': 'The building data looks unusual; check it, or confirm it and save: {items}',
  },
  SHEET_NOT_PDF: {
    status: 422,
    'zh-CN': '该文件不是PDF文件，无法在线查看，请下载后用相应软件打开',
    'en-US': 'This file is not a PDF and cannot be viewed online; download it and open it in its own program',
  },
  SHEET_DAMAGED: {
    status: 422,
    'zh-CN': '该PDF文件已损坏，无法打开，请联系上传单位重新上传',
    'en-US': 'This PDF is damaged and cannot be opened; ask the uploading organisation to upload it again',
  },
  SHEET_ENCRYPTED: {
    status: 422,
    'zh-CN': '该PDF文件设有密码保护，无法在线查看，请联系上传单位上传未加密的文件',
    'en-US':
      'This PDF is password-protected and cannot be viewed online; ask the uploading organisation for an unprotected file',
  },
  SHEET_NO_PAGES: {
    status: 422,
    'zh-CN': '该PDF文件没有页面',
    'en-US': 'This PDF has no pages',
  },
  SHEET_TOO_LARGE: {
    status: 422,
    'zh-CN': '该文件过大（{size}），无法在线查看，请下载后查看',
    'en-US': 'This file is too large ({size}) to view online; download it to view it',
  },
  SHEET_NOT_READY: {
    status: 409,
    'zh-CN': '图纸正在准备中，请稍后再试',
    'en-US': 'The sheet is still being prepared; try again shortly',
  },
  SHEET_PAGE_NOT_FOUND: {
    status: 404,
    'zh-CN': '图纸没有该页',
    'en-US': 'The sheet has no such page',
  },
  MARKUP_OFF_PAGE: {
    status: 400,
    'zh-CN': '标注超出了图纸页面范围',
    'en-US': 'The markup lies outside the page',
  },
  MARKUP_SHAPE_INVALID: {
    status: 400,
    'zh-CN': '标注的形状不正确：{reason}',
    'en-US': 'The markup’s shape is not valid: {reason}',
  },
  MARKUP_NOT_YOURS: {
    status: 403,
    'zh-CN': '只能修改本人的标注',
    'en-US': 'You can only change your own markups',
  },
  MARKUP_VERSION_NOT_IN_REVIEW: {
    status: 409,
    'zh-CN': '该版本资料不在审查中，不能标注',
    'en-US': 'This version of the materials is not in review; markups cannot be added',
  },
  MARKUP_FILE_FULL: {
    status: 409,
    'zh-CN': '该图纸的标注已达上限（{max}条）',
    'en-US': 'This sheet already has the most markups allowed ({max})',
  },
  MARKUP_REPLIES_FULL: {
    status: 409,
    'zh-CN': '该标注的回复已达上限（{max}条）',
    'en-US': 'This markup already has the most replies allowed ({max})',
  },
  MARKUP_XFDF_INVALID: {
    status: 400,
    'zh-CN': '无法读取该XFDF文件：{reason}',
    'en-US': 'The XFDF file cannot be read: {reason}',
  },
  // ---- review missions (issue 19) ----
  MISSIONS_NOT_IN_REVIEW: {
    status: 409,
    'zh-CN': '该项目尚未受理或不在审查中，不能分派审查任务',
    'en-US': 'This application is not accepted and in review; missions cannot be assigned',
  },
  MISSION_CONFLICT: {
    status: 409,
    'zh-CN': '单体「{building}」的{specialty}任务已被他人修改，请刷新后重新分派',
    'en-US': 'Someone else changed the {specialty} mission of building "{building}"; reload and assign again',
  },
  MISSION_CELL_NOT_IN_ROUND: {
    status: 400,
    'zh-CN': '本轮审查没有单体「{building}」的{specialty}任务',
    'en-US': 'This review round has no {specialty} mission for building "{building}"',
  },
  MISSION_REVIEWER_NOT_MEMBER: {
    status: 400,
    'zh-CN': '所选{role}不是本审查机构可审图的人员',
    'en-US': 'The chosen {role} is not a reviewer of this review agency',
  },
  MISSION_REVIEWER_NO_SPECIALTY: {
    status: 400,
    'zh-CN': '{name}没有{specialty}专业，不能担任该任务的{role}',
    'en-US': '{name} does not hold the {specialty} specialty and cannot be the {role} of this mission',
  },
  MISSION_CHECKER_IS_REVIEWER: {
    status: 400,
    'zh-CN': '校审人不能是审查人本人',
    'en-US': 'The checker cannot be the reviewer',
  },
  MISSION_NOT_YOURS: {
    status: 403,
    'zh-CN': '这不是您的审查任务',
    'en-US': 'This review mission is not yours',
  },
  MISSION_NOT_CHECKER: {
    status: 403,
    'zh-CN': '只有该任务的校审人或审查机构负责人可以校审',
    'en-US': "Only the mission's checker or the agency's director may check it",
  },
  MISSION_NOT_OPEN: {
    status: 409,
    'zh-CN': '该任务当前为「{status}」，不能提交',
    'en-US': 'This mission is "{status}" and cannot be submitted',
  },
  MISSION_NOT_SUBMITTED: {
    status: 409,
    'zh-CN': '该任务当前为「{status}」，不在待校审状态',
    'en-US': 'This mission is "{status}", not waiting to be checked',
  },
  // ---- review opinions (issue 19) ----
  OPINION_MISSION_UNKNOWN: {
    status: 400,
    'zh-CN': '所选审查任务不存在或不属于本项目本轮审查',
    'en-US': 'The chosen review mission does not exist or is not of this round of this application',
  },
  OPINION_MISSION_NOT_YOURS: {
    status: 403,
    'zh-CN': '只有该任务的审查人可以录入、修改或删除其审查意见',
    'en-US': "Only the mission's reviewer may record, change or delete its opinions",
  },
  OPINION_MISSION_NOT_OPEN: {
    status: 409,
    'zh-CN': '该任务当前为「{status}」，审查人不能录入、修改或删除意见',
    'en-US': 'This mission is "{status}"; the reviewer cannot record, change or delete opinions',
  },
  OPINION_MISSION_DONE: {
    status: 409,
    'zh-CN': '该任务已校审通过，其审查意见已锁定，不能再更改',
    'en-US': 'This mission has been accepted; its opinions are final and cannot change',
  },
  OPINION_NOT_CHECKER: {
    status: 403,
    'zh-CN': '只有该任务的校审人或审查机构负责人可以校审修改或退回意见',
    'en-US':
      "Only the mission's checker or the agency's director may edit or return its opinions when checking",
  },
  OPINION_MISSION_NOT_SUBMITTED: {
    status: 409,
    'zh-CN': '该任务当前为「{status}」，不在待校审状态，不能校审修改或退回意见',
    'en-US':
      'This mission is "{status}", not waiting to be checked; its opinions cannot be edited or returned by the checker',
  },
  OPINION_MISSION_CHANGED: {
    status: 400,
    'zh-CN': '审查意见不能移到另一个审查任务下',
    'en-US': 'An opinion cannot be moved to another mission',
  },
  OPINION_TYPE_UNKNOWN: {
    status: 400,
    'zh-CN': '意见类型「{code}」不在意见类型字典中',
    'en-US': 'Opinion type "{code}" is not in the opinion type dictionary',
  },
  OPINION_ENERGY_KEY_REQUIRED: {
    status: 400,
    'zh-CN': '节能审查意见须选择意见类别（违反强制性条文、符合要求、存在错误或需补充完善）',
    'en-US':
      'An energy-saving opinion needs its category (violates a mandatory standard, approved, mistake or supplement)',
  },
  OPINION_ENERGY_KEY_NOT_ENERGY: {
    status: 400,
    'zh-CN': '只有节能审查意见有节能意见类别',
    'en-US': 'Only energy-saving opinions carry an energy category',
  },
  OPINION_CLAUSE_REQUIRED: {
    status: 400,
    'zh-CN': '违反强制性条文的意见须引用所违反的强制性条文',
    'en-US': 'An opinion that violates a mandatory standard must cite the mandatory clause it violates',
  },
  OPINION_CLAUSE_NOT_MANDATORY: {
    status: 400,
    'zh-CN': '{code} 第{number}条不是强制性条文，违反强制性条文的意见须引用强制性条文',
    'en-US':
      '{code} clause {number} is not mandatory; an opinion that violates a mandatory standard must cite a mandatory clause',
  },
  OPINION_CLAUSE_UNKNOWN: {
    status: 400,
    'zh-CN': '所引用的条文不在条文库中',
    'en-US': 'The cited clause is not in the clause library',
  },
  OPINION_SHEET_NOT_IN_ROUND: {
    status: 400,
    'zh-CN': '所选图纸不是本任务所审本轮资料中的文件',
    'en-US': "The chosen sheet is not a file of the materials this mission's round reviews",
  },
  OPINION_SHEET_PAGE_OUT_OF_RANGE: {
    status: 400,
    'zh-CN': '图纸「{name}」只有{pages}页，第{page}页不存在',
    'en-US': 'Sheet "{name}" has {pages} page(s); page {page} does not exist',
  },
  OPINION_MARKUP_NOT_ON_SHEET: {
    status: 400,
    'zh-CN': '所选标注不在该图纸的这一页上，或您看不到它',
    'en-US': 'The chosen markup is not on this page of the sheet, or you cannot see it',
  },
  MISSION_HAS_DRAFT_OPINIONS: {
    status: 409,
    'zh-CN': '该任务还有{count}条草稿意见，请录入或删除后再提交',
    'en-US': 'This mission still has {count} draft opinion(s); record or delete them before submitting',
  },
  MISSION_HAS_RETURNED_OPINIONS: {
    status: 409,
    'zh-CN': '该任务还有{count}条被退回的意见未修改，请修改后再提交',
    'en-US':
      'This mission still has {count} returned opinion(s) not yet corrected; correct them before submitting',
  },
  OPINION_PHRASE_AGENCY_ONLY: {
    status: 403,
    'zh-CN': '只有审查机构管理员或负责人可以维护机构常用意见',
    'en-US': "Only the agency's admin or directors may keep the agency's phrases",
  },
  OPINION_PHRASE_NOT_REVIEWER: {
    status: 403,
    'zh-CN': '只有审查机构的审查人员可以维护常用意见',
    'en-US': "Only the review agency's reviewers may keep phrases",
  },
  OPINION_PHRASES_FULL: {
    status: 409,
    'zh-CN': '常用意见已达上限（{max}条），请删除不用的后再添加',
    'en-US': 'The phrase list is full ({max}); delete unused ones before adding',
  },
  OPINION_SPECIALTY_UNKNOWN: {
    status: 400,
    'zh-CN': '专业「{code}」不在专业字典中',
    'en-US': 'Specialty "{code}" is not in the specialty dictionary',
  },
  // ---- opinion reports (issue 20) ----
  REPORT_NOT_IN_REVIEW: {
    status: 409,
    'zh-CN': '该项目不在审查中，不能编制审查意见告知书',
    'en-US': 'This application is not in review; no opinion report can be compiled',
  },
  REPORT_ROUND_EMPTY: {
    status: 409,
    'zh-CN': '本轮没有需要审查的楼栋和专业，无法编制审查意见告知书。',
    'en-US': 'This round has no building and specialty to review, so no opinion report can be compiled.',
  },
  REPORT_MISSIONS_OPEN: {
    status: 409,
    'zh-CN': '本轮还有 {count} 项审查任务未分派或未校审通过，全部完成后才能编制告知书',
    'en-US':
      '{count} missions of this round are unassigned or not yet accepted; compile the report once all are done',
  },
  REPORT_COMPILING: {
    status: 409,
    'zh-CN': '告知书正在生成，请稍后刷新',
    'en-US': 'The report is being built; refresh in a moment',
  },
  REPORT_NOT_READY: {
    status: 409,
    'zh-CN': '告知书尚未生成成功，不能告知',
    'en-US': 'The report has not been built; it cannot be forwarded',
  },
  REPORT_ALREADY_FORWARDED: {
    status: 409,
    'zh-CN': '本轮告知书已告知各单位，不能再更改',
    'en-US': 'This round’s report was already forwarded and can no longer change',
  },
  // ---- designers' answers and the next rounds (issue 20) ----
  ANSWER_NOT_YOURS: {
    status: 403,
    'zh-CN': '该意见不是针对本单位的，不能回复',
    'en-US': 'This opinion is addressed to another unit; you cannot answer it',
  },
  ANSWER_OPINION_CLOSED: {
    status: 409,
    'zh-CN': '该意见已闭合，无需回复',
    'en-US': 'This opinion is closed and needs no answer',
  },
  ANSWER_ROUND_LOCKED: {
    status: 409,
    'zh-CN': '本轮回复已送审或尚未开始，不能再回复或修改',
    'en-US': 'The answers of this round have been sent (or not begun); they cannot be given or changed now',
  },
  ANSWER_COMMITTED: {
    status: 409,
    'zh-CN': '本单位已提交本轮资料，回复不能再修改',
    'en-US': 'Your unit has handed over its materials of this round; its answers can no longer change',
  },
  ANSWER_EXISTS: {
    status: 409,
    'zh-CN': '该意见已回复，如需修改请编辑原回复',
    'en-US': 'This opinion is already answered; edit that answer to change it',
  },
  ANSWER_MISSING: {
    status: 409,
    'zh-CN': '该意见尚未回复',
    'en-US': 'This opinion has not been answered yet',
  },
  ANSWER_SHEET_OUTSIDE: {
    status: 400,
    'zh-CN': '修改后的图纸必须是本轮新版本中的 PDF 文件',
    'en-US': 'The revised sheet must be a PDF of the new version of this round',
  },
  ANSWER_SHEET_NOT_OWN: {
    status: 400,
    'zh-CN': '修改后的图纸必须是本单位上传或结转的文件',
    'en-US': "The revised sheet must be one of your unit's files",
  },
  ANSWER_PAGE_OUTSIDE: {
    status: 400,
    'zh-CN': '所选页码或区域超出了图纸范围',
    'en-US': 'The page or region chosen lies outside the sheet',
  },
  ANSWERS_INCOMPLETE: {
    status: 409,
    'zh-CN': '还有 {count} 条审查意见未回复，全部回复后才能送审',
    'en-US': '{count} review opinions are still unanswered; send once every one is answered',
  },
  ANSWERS_SHEET_GONE: {
    status: 409,
    'zh-CN': '以下回复所指的修改图纸已从本版本删除，请重新指定：{items}',
    'en-US': 'These answers name revised sheets deleted from this version; name them again: {items}',
  },
  ANSWER_LETTER_EMPTY: {
    status: 404,
    'zh-CN': '该轮还没有可查看的回复',
    'en-US': 'This round has no answers to show yet',
  },
  DECISION_NOT_CARRIED: {
    status: 409,
    'zh-CN': '只有以前各轮出具的意见需要闭合或保留，本轮新增的意见请直接编辑',
    'en-US':
      'Only opinions issued in earlier rounds are closed or kept; edit this round’s own opinions instead',
  },
  DECISION_DOES_NOT_APPLY: {
    status: 409,
    'zh-CN': '未闭合的意见只能闭合或保留，已闭合的意见只能重新打开',
    'en-US': 'An open opinion is closed or kept; a closed one can only be reopened',
  },
  MISSION_UNDECIDED_OPINIONS: {
    status: 409,
    'zh-CN': '还有 {count} 条以前轮次的意见未作闭合或保留处理，不能提交',
    'en-US': '{count} opinions of earlier rounds are neither closed nor kept; decide each before submitting',
  },
  // ---- bad actions (issue 19) ----
  BAD_ACTION_NOT_IN_REVIEW: {
    status: 409,
    'zh-CN': '资料受理后才能记录不良行为',
    'en-US': 'Bad actions can be recorded only once the materials are accepted',
  },
  BAD_ACTION_UNIT_NOT_PARTY: {
    status: 400,
    'zh-CN': '所选单位不是本项目的建设、设计或勘察单位',
    'en-US': 'The unit chosen is not the construction, design or survey unit of this application',
  },
  BAD_ACTION_PERSON_NOT_OF_UNIT: {
    status: 400,
    'zh-CN': '所选人员不属于该单位',
    'en-US': 'The person chosen is not a member of that unit',
  },
  BAD_ACTION_REGION_INVALID: {
    status: 400,
    'zh-CN': '证据区域不在本项目的图纸页面上',
    'en-US': 'The evidence region is not on a page of this application’s sheets',
  },
  BAD_ACTION_NOT_RECORDED: {
    status: 409,
    'zh-CN': '该不良行为已处理，不能再更改',
    'en-US': 'This bad action has already been dealt with and cannot be changed',
  },
  BAD_ACTION_EVIDENCE_MISSING: {
    status: 400,
    'zh-CN': '请选择证据文件',
    'en-US': 'Choose an evidence file',
  },
  BAD_ACTION_EVIDENCE_UNSUPPORTED: {
    status: 400,
    'zh-CN': '证据文件须为PDF、OFD、JPG或PNG，且不超过20MB',
    'en-US': 'The evidence must be a PDF, OFD, JPG or PNG file of at most 20 MB',
  },
  // Clause library (issue 19)
  CLAUSE_IMPORT_INVALID: {
    status: 400,
    'zh-CN': '条文文件有{count}处错误，未导入任何条文：{reason}',
    'en-US': 'The clause file has {count} problem(s); nothing was imported: {reason}',
  },
  CLAUSE_STANDARD_WITHDRAWN: {
    status: 409,
    'zh-CN': '{code}已于{date}废止，不能再引用其条文',
    'en-US': '{code} was withdrawn on {date}; its clauses can no longer be cited',
  },
  STANDARD_CODE_TAKEN: {
    status: 409,
    'zh-CN': '标准编号 {code} 已存在',
    'en-US': 'Standard {code} already exists',
  },
  STANDARD_REPLACEMENT_INVALID: {
    status: 400,
    'zh-CN': '替代标准应为另一项现行标准',
    'en-US': 'The replacement must be another active standard',
  },
  // ---- working-day calendar (issue 19) ----
  CALENDAR_DAY_OUTSIDE_YEAR: {
    status: 400,
    'zh-CN': '{date}不在{year}年内，请检查日期',
    'en-US': '{date} is not in {year}; check the date',
  },
  CALENDAR_DAY_DUPLICATE: {
    status: 400,
    'zh-CN': '{date}重复录入，每天只能录入一次',
    'en-US': '{date} is entered twice; enter each day once',
  },
  CALENDAR_WORKDAY_NOT_WEEKEND: {
    status: 400,
    'zh-CN': '{date}不是周六或周日，调休上班日只能是周末',
    'en-US': '{date} is not a Saturday or Sunday; an adjusted working day is always a weekend day',
  },
  CALENDAR_YEAR_EMPTY: {
    status: 400,
    'zh-CN': '{year}年没有录入任何放假日，请按国务院办公厅通知录入',
    'en-US': 'No day off is entered for {year}; enter the days of the State Council notice',
  },
  CALENDAR_YEAR_NOT_FOUND: {
    status: 404,
    'zh-CN': '{year}年的节假日安排尚未录入',
    'en-US': 'The holiday arrangements of {year} have not been entered',
  },
  // ---- electronic signatures (issue 21) ----
  REPORT_NOT_SIGNED: {
    status: 409,
    'zh-CN': '告知书还有 {count} 处签章未完成，全部签署后才能告知',
    'en-US': '{count} signatures of this report are still missing; forward it once all are signed',
  },
  SIGNATURE_ALREADY_SIGNED: {
    status: 409,
    'zh-CN': '该签章已签署，不能重复签署',
    'en-US': 'This signature has already been given',
  },
  SIGNATURE_WAITING: {
    status: 409,
    'zh-CN': '请等待前序人员签署后再签署',
    'en-US': 'Wait until the earlier signers have signed',
  },
  SIGNATURE_NOT_YOURS: {
    status: 403,
    'zh-CN': '该签章应由{name}签署',
    'en-US': 'This signature is for {name} to give',
  },
  SIGNATURE_NO_PROFILE: {
    status: 403,
    'zh-CN': '您没有{role}的签署权限',
    'en-US': 'You may not sign as {role}',
  },
  SIGNATURE_PASSWORD_WRONG: {
    status: 400,
    'zh-CN': '签署密码不正确，未签署',
    'en-US': 'The password is incorrect; nothing was signed',
  },
  SIGNATURE_DOCUMENT_CHANGED: {
    status: 409,
    'zh-CN': '该文件已重新编制，请刷新后签署新的文件',
    'en-US': 'The document was compiled again; refresh and sign the new one',
  },
  SIGNATURE_FILE_INVALID: {
    status: 400,
    'zh-CN': '上传的文件不是有效的 PDF 文件',
    'en-US': 'The uploaded file is not a valid PDF',
  },
  SIGNATURE_FILE_UNSIGNED: {
    status: 400,
    'zh-CN': '该 PDF 文件中没有电子签章',
    'en-US': 'This PDF carries no electronic signature',
  },
  SIGNATURE_TIMESTAMP_FAILED: {
    status: 503,
    'zh-CN': '时间戳服务不可用，签章未完成，请稍后重试',
    'en-US': 'The timestamp service is unavailable; nothing was signed. Please try again later',
  },
  // ---- the certificate of passing review (issue 21) ----
  CERTIFICATE_NOT_PASSED: {
    status: 409,
    'zh-CN': '该项目尚未审查合格（仍有未关闭的审查意见或合格告知书未告知），不能出具审查合格书',
    'en-US':
      'This application has not passed review (opinions are open or the passing report is not forwarded); no certificate can be issued',
  },
  CERTIFICATE_BUILDING: {
    status: 409,
    'zh-CN': '审查合格书正在生成，请稍后',
    'en-US': 'The certificate is being built; please wait',
  },
  CERTIFICATE_ALREADY_ISSUED: {
    status: 409,
    'zh-CN': '审查合格书已签发，不能重新编制或再次签发',
    'en-US': 'The certificate has been issued; it can be neither compiled nor issued again',
  },
  CERTIFICATE_NOT_READY: {
    status: 409,
    'zh-CN': '审查合格书尚未生成，不能签发',
    'en-US': 'The certificate has not been built; it cannot be issued',
  },
  CERTIFICATE_NOT_SIGNED: {
    status: 409,
    'zh-CN': '审查合格书还有 {count} 处签章未完成，全部签署后才能签发',
    'en-US': '{count} signatures of the certificate are still missing; issue it once all are signed',
  },
  // ---- filing (issue 21) ----
  FILING_NO_CERTIFICATE: {
    status: 409,
    'zh-CN': '审查合格书签发后才能备案',
    'en-US': 'The certificate must be issued before it is filed',
  },
  FILING_PENDING: {
    status: 409,
    'zh-CN': '备案已提交，正在等待主管部门确认',
    'en-US': 'The filing waits for the authority to confirm it',
  },
  FILING_ALREADY_CONFIRMED: {
    status: 409,
    'zh-CN': '该项目已备案，不能重复备案',
    'en-US': 'This application is filed already',
  },
  FILING_ALREADY_DECIDED: {
    status: 409,
    'zh-CN': '该备案已处理，不能重复确认或退回',
    'en-US': 'This filing has been decided already',
  },
  FILING_EXPORT_PERIOD: {
    status: 400,
    'zh-CN': '导出期间有误：截止日期不能早于开始日期，且一次最多导出 {days} 天',
    'en-US':
      'The export period is wrong: the end may not precede the start, and one export covers at most {days} days',
  },
  FILING_EXPORT_TOO_MANY: {
    status: 400,
    'zh-CN': '该期间确认的备案超过 {max} 条，请缩短导出期间后分次导出',
    'en-US':
      'More than {max} filings were confirmed in this period; export shorter periods one after another',
  },
  CERTIFICATE_NOT_ISSUED: {
    status: 409,
    'zh-CN': '只能撤销已签发且有效的审查合格书',
    'en-US': 'Only an issued, valid certificate can be revoked',
  },
  CERTIFICATE_REVOKE_REASON_REQUIRED: {
    status: 400,
    'zh-CN': '撤销审查合格书时请填写撤销原因',
    'en-US': 'Give the reason for revoking the certificate',
  },
  DRAWING_SET_SEALED: {
    status: 409,
    'zh-CN': '施工图已全部签章，不能重新生成',
    'en-US': 'The drawing set is sealed already and cannot be prepared again',
  },
  DRAWING_SET_SIGNING: {
    status: 409,
    'zh-CN': '施工图签章已开始，不能重新生成',
    'en-US': 'Signing of the drawing set has begun; it cannot be prepared again',
  },
  DRAWING_SET_EMPTY: {
    status: 409,
    'zh-CN': '审查通过的版本中没有 PDF 图纸，无法签章',
    'en-US': 'The reviewed version holds no PDF sheet to seal',
  },
  DRAWING_SET_TOO_LARGE: {
    status: 409,
    'zh-CN': '图纸超过 {max} 张，无法作为一套签章',
    'en-US': 'More than {max} sheets cannot be sealed as one set',
  },
  // A sheet of the set the signature could not be written into; the queue tries again.
  DRAWING_SET_SHEET_FAILED: {
    status: 500,
    'zh-CN': '签章未能写入该图纸文件',
    'en-US': 'The signature could not be written into this sheet',
  },
  REVIEW_RECORD_TOO_DEEP: {
    status: 400,
    'zh-CN': '查询结果过多，仅可浏览前 {max} 条，请输入项目名称、编号等条件缩小范围',
    'en-US':
      'Too many results: only the first {max} can be browsed; narrow the search by project name, code or another field',
  },
  FILING_REASON_REQUIRED: {
    status: 400,
    'zh-CN': '退回备案时请填写退回原因',
    'en-US': 'Give the reason for rejecting the filing',
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

/** An error parameter: plain, or a text of its own in each language (a field or role name). */
export type ErrorParam = string | number | Record<Locale, string>;

export function errorMessage(
  code: ErrorCode,
  locale: Locale,
  params: Record<string, ErrorParam> = {},
): string {
  const plain: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params))
    plain[key] = typeof value === 'object' ? value[locale] : value;
  return formatMessage(ERROR_CODES[code][locale], plain);
}

/** Picks zh-CN unless the client prefers English. */
export function localeFrom(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'zh-CN';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}
