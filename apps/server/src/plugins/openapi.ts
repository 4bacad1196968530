import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ERROR_CODES, accessRuleFor, type ErrorCode, type ProjectAction } from '@drp/domain';
import {
  ROUTE_DOC,
  accessErrors,
  describeAccess,
  describeProjectAction,
  errorsByStatus,
  type RouteDoc,
} from '../lib/route-docs.js';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type TransformObject = typeof jsonSchemaTransformObject;
type OpenApiDocument = ReturnType<TransformObject>;

const ERROR_ENVELOPE = 'ErrorEnvelope';
const errorRef = { $ref: `#/components/schemas/${ERROR_ENVELOPE}` };
const ALL_CODES = Object.keys(ERROR_CODES) as ErrorCode[];

/** Every failure leaves as this shape (plugins/errors.ts), whatever the route. */
const errorEnvelopeSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: ALL_CODES, description: '稳定的错误码 · Stable error code' },
    message: {
      type: 'string',
      description: '按 Accept-Language 给出的提示（zh-CN 或 en-US） · The message in the caller’s language',
    },
    detail: { description: '部分错误附带的细节（如逐字段的校验问题） · Details some errors carry' },
  },
};

const TAGS: Record<string, [string, string]> = {
  platform: ['平台', 'Health, public configuration, the operation manual'],
  auth: ['登录', 'Sign-in (login, PKCE authorize, token), hand-over, logout'],
  accounts: ['本人账号', 'The signed-in account and its password'],
  members: ['单位人员', "An organisation's people and invitations, run by its admins"],
  audit: ['审计日志', 'The security audit trail'],
  orgs: ['单位', 'Organisation directory, creation, enabling'],
  registration: ['企业注册', 'Enterprise registration and its review'],
  messages: ['消息', 'To-dos, notices and the live stream'],
  projects: ['报审', 'Project masters and review applications'],
  dictionaries: ['字典', 'Review dictionaries'],
  buildings: ['单体', 'Buildings of an application'],
  'survey-infos': ['勘察信息', "A survey unit's project survey information"],
  'project-alters': ['变更', 'Change applications'],
  'project-docs': ['报审附件', "An application's attachments"],
  'doc-repository': ['资料库', 'Document versions, folders, uploads and the hand-over'],
  portal: ['门户', 'The public portal and its content management'],
};

const GUIDE = `
施工图数字化审查平台的接口。每个接口的说明写明：中文与英文摘要、谁可以调用（访问规则，来自服务器执行的同一张规则表 API_ACCESS 与项目规则 PROJECT_POLICY）、以及可能返回的错误码。

The API of the provincial platform for digital review of construction drawings. Every operation states what it does (Chinese and English), who may call it (read from the same tables the server enforces: \`API_ACCESS\`, and \`PROJECT_POLICY\` for project actions) and the error codes it may answer.

**信封 · Envelope.** 成功：\`{ code: "SUCCESS", message, detail }\`；失败：\`{ code, message, detail? }\`（见 ${ERROR_ENVELOPE}），HTTP 状态与错误码一一对应，message 按 \`Accept-Language\`（zh-CN 默认，en-US）给出。

**登录 · Signing in.** \`POST /uaa/login\`（用户名、密码，设置一次性 Cookie）→ \`POST /uaa/oauth/authorize\`（PKCE S256 challenge，得到 code）→ \`POST /uaa/oauth/token\`（code + verifier，得到 access_token），之后发送 \`Authorization: Bearer <token>\`。

**代表哪个单位 · Acting organisation.** 一人可属于多个单位：路径中的 \`orgId\`，否则请求头 \`X-Org-Id\`，指明本次调用代表的单位。调用者不属于该单位时答 404（与记录不存在相同，不泄露 id 是否存在），属于但缺少所需权限时答 403。

**不合法的 id · Malformed ids.** 路径中格式错误的 id 与不存在的记录一样答 404 NOT_FOUND。
`.trim();

/** What the route's description says and the document's machine-readable extensions carry. */
function documentRoute(method: string, url: string, schema: Record<string, unknown>) {
  const rule = accessRuleFor(method, url);
  const doc = schema[ROUTE_DOC] as RouteDoc | undefined;
  const actions: ProjectAction[] = doc?.project
    ? typeof doc.project === 'string'
      ? [doc.project]
      : [...doc.project]
    : [];
  const projectRules = actions.map(describeProjectAction);
  const codes: ErrorCode[] = [];
  if (rule) codes.push(...accessErrors(rule, url.includes(':orgId')));
  if (schema.params) codes.push('NOT_FOUND');
  if (schema.params || schema.querystring || schema.body || schema.headers) codes.push('VALIDATION_FAILED');
  if (schema.body) codes.push('MALFORMED_BODY', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE');
  codes.push('NUL_CHARACTER');
  for (const r of projectRules) codes.push(...r.errors);
  codes.push(...(doc?.errors ?? []));
  const byStatus = errorsByStatus(codes);
  const access = rule ? describeAccess(rule) : undefined;

  const lines: string[] = [];
  if (doc) lines.push(`${doc.zh}<br>${doc.en}`);
  if (typeof schema.description === 'string') lines.push(schema.description);
  if (access) lines.push(`**谁可以调用 · Who may call**: ${access.zh}<br>${access.en}`);
  for (const r of projectRules) lines.push(`**项目规则 · Project rule** \`${r.action}\`: ${r.zh}<br>${r.en}`);
  lines.push(
    [
      '**错误码 · Error codes**',
      '',
      '| HTTP | code | 中文 | English |',
      '| --- | --- | --- | --- |',
      ...[...byStatus].flatMap(([status, list]) =>
        list.map((c) => `| ${status} | \`${c}\` | ${ERROR_CODES[c]['zh-CN']} | ${ERROR_CODES[c]['en-US']} |`),
      ),
    ].join('\n'),
  );

  const responses: Record<string, unknown> = {};
  for (const [status, list] of byStatus)
    responses[String(status)] = {
      description: list
        .map((c) => `- \`${c}\`: ${ERROR_CODES[c]['zh-CN']} · ${ERROR_CODES[c]['en-US']}`)
        .join('\n'),
      content: {
        'application/json': {
          schema: errorRef,
          example: { code: list[0], message: ERROR_CODES[list[0]!]['zh-CN'] },
        },
      },
    };

  return {
    description: lines.join('\n\n'),
    security: rule && rule.kind !== 'public' ? [{ bearer: [] }] : undefined,
    responses,
    extensions: {
      'x-summary-zh': doc?.zh,
      'x-summary-en': doc?.en,
      'x-access': rule
        ? {
            rule: rule.kind,
            ...(rule.kind === 'area' ? { areas: rule.areas, project: Boolean(rule.project) } : {}),
            zh: access?.zh,
            en: access?.en,
            ...(actions.length ? { projectActions: actions } : {}),
          }
        : undefined,
      'x-error-codes': [...byStatus.values()].flat(),
    },
  };
}

/** zod's transform, then the route's docs: summary, access, project rules and error responses. */
const transform: Transform = (input: TransformInput) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return result;
  const methods = [input.route.method].flat().filter((m) => m !== 'HEAD');
  const docs = documentRoute(methods[0] ?? 'GET', input.url, (input.schema ?? {}) as Record<string, unknown>);
  delete schema[ROUTE_DOC];
  delete schema.security;
  // A success schema becomes a response with a description of its own, not "Default Response".
  const response = Object.fromEntries(
    Object.entries((schema.response ?? {}) as Record<string, Record<string, unknown>>).map(([status, r]) => [
      status,
      'content' in r ? r : { description: '成功 · Success', content: { 'application/json': { schema: r } } },
    ]),
  );
  return {
    ...result,
    schema: {
      ...schema,
      description: docs.description,
      ...(docs.security ? { security: docs.security } : {}),
      response: { ...docs.responses, ...response },
      ...Object.fromEntries(Object.entries(docs.extensions).filter(([, v]) => v !== undefined)),
    },
  };
};

/** Every `$ref` target named in `value`. */
function refsIn(value: unknown, found: Set<string>) {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.add(v.replace('#/components/schemas/', ''));
      else refsIn(v, found);
    }
}

/**
 * The named zod schemas (`.meta({ id })`) as components, once each. zod's transform emits every
 * named schema as both its output and its input (`…Input`) form; the forms no operation reaches
 * are left out, so each shape appears once.
 */
const transformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as OpenApiDocument & {
    components: { schemas: Record<string, unknown> };
  };
  const all: Record<string, unknown> = {
    ...document.components.schemas,
    [ERROR_ENVELOPE]: errorEnvelopeSchema,
  };
  const kept = new Set<string>();
  const queue = new Set<string>();
  refsIn(document.paths, queue);
  while (queue.size) {
    const [name] = queue;
    queue.delete(name!);
    if (kept.has(name!)) continue;
    kept.add(name!);
    refsIn(all[name!], queue);
  }
  document.components.schemas = Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => kept.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return document;
};

/** The OpenAPI document is generated from the same zod schemas the routes validate with. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '施工图数字化审查平台 API · Drawing review platform API',
        description: GUIDE,
        version: '0.1.0',
      },
      tags: Object.entries(TAGS).map(([name, [zh, en]]) => ({ name, description: `${zh} · ${en}` })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', filter: true, deepLinking: true, displayOperationId: false },
    theme: { title: '施工图数字化审查平台 API' },
    // Swagger UI sets a few inline styles; and intranet deployments often serve plain http, where
    // upgrade-insecure-requests would send the document fetch to a port that does not answer.
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
        .replace(/upgrade-insecure-requests;?/, ''),
  });
});
