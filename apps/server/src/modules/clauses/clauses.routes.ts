import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLAUSE_LIMITS,
  clauseImportResult,
  clausePage,
  clauseSearchQuery,
  clauseVersionWithStandard,
  dictionary,
  envelopeOf,
  standard,
  standardClauses,
  standardCreateRequest,
  standardList,
  standardUpdateRequest,
} from '@drp/domain';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  changeStandard,
  createStandard,
  getClauseVersion,
  getStandardClauses,
  importClauses,
  listStandardsOfLibrary,
  mandatoryTermDictionary,
  searchClauses,
  seedClauseLibrary,
} from './clauses.service.js';

const tags = ['clauses'];
const idParams = z.object({ id: z.uuid() });
/** What a CSV upload may be labelled: its own type, plain text, or a browser's unknown file. */
const CSV_UPLOAD_TYPES = ['text/csv', 'text/plain', 'application/octet-stream'];

/**
 * The clause library (issue 19): the general codes and their clauses as versioned data. Everyone
 * signed in looks clauses up; the system admin adds standards, withdraws them and imports clauses.
 */
export const clausesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The library must hold the general codes before the first lookup, on every installation.
  app.addHook('onReady', async () => {
    await seedClauseLibrary(app.ctx);
  });
  app.addContentTypeParser(
    CSV_UPLOAD_TYPES,
    { parseAs: 'string', bodyLimit: CLAUSE_LIMITS.importBytesMax },
    (_request, body, done) => done(null, body),
  );

  // Beside `cdDictionary/:kind`: the static path wins in the router, so the dictionaries module
  // answers every other kind from its files and this one comes from the library.
  app.get(
    '/api/checkDrawings/cdDictionary/mandatoryTerm',
    {
      schema: {
        tags: ['dictionaries'],
        ...describeRoute({
          zh: '强制性条文字典（来自条文库：现行全文强制性规范的强条）',
          en: 'The mandatory clause dictionary, from the clause library: mandatory clauses of the general codes in force',
        }),
        response: { 200: envelopeOf(dictionary) },
      },
    },
    async (request) => ok(request, await mandatoryTermDictionary(app.ctx)),
  );

  app.get(
    '/api/checkDrawings/clauses/search',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '检索条文：按规范编号、条文编号或标题文字，专业、规范；默认只含现行规范；返回条文版本',
          en: 'Search clauses by standard code, clause number or title words, specialty and standard; standards in force unless asked; answers clause versions',
        }),
        querystring: clauseSearchQuery,
        response: { 200: envelopeOf(clausePage) },
      },
    },
    async (request) => ok(request, await searchClauses(app.ctx, request.query)),
  );

  app.get(
    '/api/checkDrawings/clauses/versions/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个条文版本及其规范（规范已废止或条文已修订时仍可查看）',
          en: 'One clause version with its standard, also after the standard was withdrawn or the clause revised',
        }),
        params: idParams,
        response: { 200: envelopeOf(clauseVersionWithStandard) },
      },
    },
    async (request) => ok(request, await getClauseVersion(app.ctx, request.params.id)),
  );

  app.get(
    '/api/admin/standards',
    {
      schema: {
        tags,
        ...describeRoute({ zh: '条文库的规范标准', en: 'The standards of the clause library' }),
        response: { 200: envelopeOf(standardList) },
      },
    },
    async (request) => ok(request, await listStandardsOfLibrary(app.ctx)),
  );

  app.post(
    '/api/admin/standards',
    {
      schema: {
        tags,
        ...describeRoute({ zh: '新增规范标准', en: 'Add a standard', errors: ['STANDARD_CODE_TAKEN'] }),
        body: standardCreateRequest,
        response: { 200: envelopeOf(standard) },
      },
    },
    async (request) => ok(request, await createStandard(app.ctx, request.body, auditActorOf(request))),
  );

  app.put(
    '/api/admin/standards/:id',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '修改规范标准，或废止（废止日期、替代标准）',
          en: 'Change a standard, or withdraw it (date, replacement)',
          errors: ['STANDARD_REPLACEMENT_INVALID'],
        }),
        params: idParams,
        body: standardUpdateRequest,
        response: { 200: envelopeOf(standard) },
      },
    },
    async (request) =>
      ok(request, await changeStandard(app.ctx, request.params.id, request.body, auditActorOf(request))),
  );

  app.get(
    '/api/admin/standards/:id/clauses',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一项规范的条文及每条的历次版本',
          en: "A standard's clauses with every version of each",
        }),
        params: idParams,
        response: { 200: envelopeOf(standardClauses) },
      },
    },
    async (request) => ok(request, await getStandardClauses(app.ctx, request.params.id)),
  );

  app.post(
    '/api/admin/standards/:id/clauses/import',
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '从CSV导入条文（表头 number,title,titleEn,specialty,mandatory,text）；任一行有错则整体不导入；文字变化的条文生成新版本',
          en: 'Import clauses from CSV (header number,title,titleEn,specialty,mandatory,text); any bad row refuses the whole file; a changed clause gets a new version',
          errors: ['CLAUSE_IMPORT_INVALID', 'CLAUSE_STANDARD_WITHDRAWN'],
        }),
        params: idParams,
        consumes: CSV_UPLOAD_TYPES,
        body: z.string(),
        response: { 200: envelopeOf(clauseImportResult) },
      },
    },
    async (request) =>
      ok(request, await importClauses(app.ctx, request.params.id, request.body, auditActorOf(request))),
  );
};
