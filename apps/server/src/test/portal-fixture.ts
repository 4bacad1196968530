import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PortalUpload, SaveArticleRequest, StaffArticle } from '@drp/domain';
import { multipartBody } from './multipart-body.js';
import type { TestApp } from './test-app.js';

export const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-a-picture'),
]);

/** Asserts an error answer's status and code, and returns its envelope. */
export function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message: string }>();
  expect(body.code, res.body).toBe(code);
  return body;
}

export function detailOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ detail: T }>().detail;
}

/** A valid article to save; tests override what they look at. */
export const articleRequest = (overrides: Partial<SaveArticleRequest> = {}): SaveArticleRequest => ({
  category: 'NOTICE',
  title: '关于测试的通知',
  source: '湖南省住房和城乡建设厅',
  summary: null,
  publishDate: '2026-03-01',
  bodyHtml: '<p>正文</p>',
  pinned: false,
  inBanner: false,
  attachmentIds: [],
  coverId: null,
  ...overrides,
});

/** The portal's calls, as staff and the public make them. */
export function portalApi(t: TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const staff = '/api/info/portal/articles';
  return {
    call,
    uploadRaw: (token: string, fields: Record<string, string>, file?: { name: string; content: Buffer }) => {
      const body = multipartBody(fields, file);
      return t.app.inject({
        method: 'POST',
        url: '/api/info/portal/uploads',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
    },
    async upload(token: string, purpose: 'ATTACHMENT' | 'COVER', name: string, content: Buffer) {
      const body = multipartBody({ purpose }, { name, content });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/info/portal/uploads',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
      return detailOf<PortalUpload>(res);
    },
    create: (token: string, request: SaveArticleRequest) => call('POST', staff, token, request),
    update: (token: string, id: string, request: SaveArticleRequest) =>
      call('PUT', `${staff}/${id}`, token, request),
    async createArticle(token: string, request: SaveArticleRequest) {
      return detailOf<{ article: StaffArticle; bodyCleaned: boolean }>(
        await call('POST', staff, token, request),
      );
    },
    async publish(token: string, id: string) {
      return detailOf<StaffArticle>(await call('POST', `${staff}/${id}/publish`, token));
    },
    async unpublish(token: string, id: string) {
      return detailOf<StaffArticle>(await call('POST', `${staff}/${id}/unpublish`, token));
    },
    /** Creates and publishes an article; returns it as staff see it. */
    async published(token: string, request: SaveArticleRequest) {
      const { article } = await this.createArticle(token, request);
      return this.publish(token, article.id);
    },
  };
}
