import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config.js';
import type { Secrets } from './config/secrets.js';
import type { Database, Db } from './db/database.js';
import { AppError } from './lib/app-error.js';
import { createFileStore } from './lib/create-file-store.js';
import type { FileStore } from './lib/file-store.js';
import type { AppContext } from './lib/app-context.js';
import { accessPlugin } from './plugins/access.js';
import { authPlugin } from './modules/auth/auth-plugin.js';
import { errorsPlugin, sendError, toAppError } from './plugins/errors.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { orgsRoutes } from './modules/orgs/orgs.routes.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { answerApplicantSignIn } from './modules/registration/registration.service.js';
import { platformRoutes } from './modules/platform/platform.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { dictionariesRoutes } from './modules/dictionaries/dictionaries.routes.js';
import { loadDictionaries } from './modules/dictionaries/dictionary-loader.js';
import { buildingsRoutes } from './modules/buildings/buildings.routes.js';
import { surveyInfosRoutes } from './modules/survey-infos/survey-infos.routes.js';
import { projectAltersRoutes } from './modules/project-alters/project-alters.routes.js';
import { projectDocsRoutes } from './modules/project-docs/project-docs.routes.js';
import { docRepositoryRoutes } from './modules/doc-repository/doc-repository.routes.js';
import { docUploadsRoutes } from './modules/doc-repository/doc-uploads.routes.js';
import { docFilesRoutes } from './modules/doc-repository/doc-files.routes.js';
import { docTusRoutes } from './modules/doc-repository/doc-tus.routes.js';
import { docHandoverRoutes } from './modules/doc-repository/doc-handover.routes.js';
import { docUploadSweeper } from './modules/doc-repository/doc-upload-sweeper.js';
import { markupsRoutes } from './modules/markups/markups.routes.js';
// Review missions (issue 19)
import { missionsRoutes } from './modules/missions/missions.routes.js';
import { opinionsRoutes } from './modules/opinions/opinions.routes.js';
// bad actions and the project's notices (issue 19)
import { badActionsRoutes } from './modules/bad-actions/bad-actions.routes.js';
import { projectNoticesRoutes } from './modules/messages/project-notices.routes.js';
// Clause library (issue 19)
import { clausesRoutes } from './modules/clauses/clauses.routes.js';
// Working-day calendar and review clock (issue 19)
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { seedWorkCalendar } from './modules/calendar/calendar.service.js';
import { reportDocuments } from './modules/reports/report-documents.js';
import { certificateDocuments } from './modules/certificates/certificate-documents.js';
import { certificatesRoutes } from './modules/certificates/certificates.routes.js';
import { filingsRoutes } from './modules/filings/filings.routes.js';
import { reviewRecordsRoutes } from './modules/review-records/review-records.routes.js';
import { certificateBuildJobHandler } from './modules/certificates/certificates.service.js';
import { drawingSetsRoutes } from './modules/drawing-sets/drawing-sets.routes.js';
import { drawingSetDocuments, drawingSetSealJobHandler } from './modules/drawing-sets/drawing-sets.service.js';
import { registerSignedDocuments } from './modules/signatures/signed-documents.js';
import { signaturesRoutes } from './modules/signatures/signatures.routes.js';
import { jobWorker } from './modules/jobs/job-worker.js';
import { reportBuildJobHandler } from './modules/reports/reports.service.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { answersRoutes } from './modules/answers/answers.routes.js';
import { sheetJobHandler } from './modules/sheets/sheet-preparation.js';
import { sheetPyramidJobHandler } from './modules/sheets/sheet-pyramid.js';
import { sheetsRoutes } from './modules/sheets/sheets.routes.js';
import { keptGzipPlugin, keptSerializerCompiler } from './lib/kept-serializer.js';
import { portalCachePlugin } from './modules/portal/portal-cache.js';
import { newReviewListCaches, reviewListCachePlugin } from './modules/missions/review-list-cache.js';
import { portalCreditRoutes } from './modules/portal/portal-credit.routes.js';
import { portalForumRoutes } from './modules/portal/portal-forum.routes.js';
import { portalArticlesRoutes } from './modules/portal/portal-articles.routes.js';
import { portalFilesRoutes } from './modules/portal/portal-files.routes.js';
import { portalSiteRoutes } from './modules/portal/portal-site.routes.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { newProjectListCache, projectListCachePlugin } from './modules/projects/project-list-cache.js';
import { ProjectListPositions } from './modules/projects/project-list-positions.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

// Belongs beside ProjectListPositions (modules/projects/project-list-positions.ts), as `sessions`
// sits beside SessionCache; declared here until that module moves it (lib imports no module).
declare module './lib/app-context.js' {
  interface AppContext {
    /** Where rows of those lists stand, so a deep page seeks instead of skipping; cleared with them. */
    projectListPositions: ProjectListPositions;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  secrets: Secrets;
  clock?: () => Date;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read what was logged, and at which level). */
  logStream?: { write(line: string): void };
  /** Defaults to what FILE_STORE configures: local disk under DATA_DIR/files, or S3. */
  files?: FileStore;
  /**
   * The database's LISTEN, for the live message push and the session cache; without it nothing
   * is pushed and every call reads its session from the database.
   */
  listen?: Database['listen'];
}

/** Content Security Policy the app passes: no inline scripts; antd's CSS-in-JS needs inline styles. */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The business licence is previewed from a blob URL in a frame.
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Query strings may carry credentials (legacy /uaa/login): never log them.
            serializers: {
              req: (req: { method: string; url: string; id: string }) => ({
                id: req.id,
                method: req.method,
                // A view link's token (also a sheet's images' and its live channel's) is a
                // credential for minutes: logs keep only its route.
                url: req.url.split('?')[0]?.replace(/^(\/api\/files\/(?:view|sheets|signal)\/)[^/]+/, '$1…'),
              }),
            },
          },
    trustProxy: config.trustProxy,
    // Router-level failures (bad URL, over-long parameter) leave in the same envelope as the rest.
    frameworkErrors: (error, request, reply) => {
      void sendError(request, reply, toAppError(error));
    },
    bodyLimit: 1024 * 1024,
    // Legacy calls take comma-joined id lists in the path (`submit/{ids}`): up to 100 UUIDs.
    routerOptions: { maxParamLength: 4096 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(keptSerializerCompiler);
  app.decorate('ctx', {
    db: options.db,
    config,
    secrets: options.secrets,
    files: options.files ?? (await createFileStore(config)),
    clock: options.clock ?? (() => new Date()),
    dictionaries: loadDictionaries(),
    sessions: new SessionCache(),
    projectLists: newProjectListCache(),
    projectListPositions: new ProjectListPositions(),
    reviewLists: newReviewListCaches(),
  });

  await app.register(errorsPlugin);
  await app.register(keptGzipPlugin);
  await app.register(securityHeadersPlugin, { contentSecurityPolicy: { directives: CSP } });
  // Before auth: a NUL in a header or the URL must not reach the session lookup.
  await app.register(inputGuardPlugin);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(authPlugin, { listen: options.listen });
  await app.register(accessPlugin);
  await app.register(openapiPlugin);

  await app.register(platformRoutes);
  // Sign-in tells an applicant where the registration stands; auth itself knows no registrations.
  await app.register(authRoutes, { answerUnknownUsername: answerApplicantSignIn });
  await app.register(accountsRoutes);
  await app.register(membersRoutes);
  await app.register(auditRoutes);
  await app.register(orgsRoutes);
  await app.register(registrationRoutes);
  await app.register(messagesRoutes, { listen: options.listen });
  await app.register(projectListCachePlugin, { listen: options.listen });
  await app.register(projectsRoutes);
  await app.register(dictionariesRoutes);
  await app.register(buildingsRoutes);
  await app.register(surveyInfosRoutes);
  await app.register(projectAltersRoutes);
  await app.register(projectDocsRoutes);
  await app.register(docRepositoryRoutes);
  await app.register(docUploadsRoutes);
  await app.register(docFilesRoutes);
  await app.register(docTusRoutes);
  await app.register(docHandoverRoutes);
  await app.register(markupsRoutes);
  // Review missions (issue 19), their grids and the opinion lists kept while nothing changes
  await app.register(reviewListCachePlugin, { listen: options.listen });
  await app.register(missionsRoutes);
  // Review opinions and phrases (issue 19)
  await app.register(opinionsRoutes);
  // Clause library (issue 19)
  await app.register(clausesRoutes);
  // Working-day calendar and review clock (issue 19): the published years are seeded at every start.
  await seedWorkCalendar(options.db, app.ctx.clock());
  await app.register(calendarRoutes);
  await app.register(docUploadSweeper);
  // Work queued in the database (each PDF's sheet preparation), run by whichever process is free.
  await app.register(jobWorker, {
    handlers: [
      sheetJobHandler,
      sheetPyramidJobHandler,
      reportBuildJobHandler,
      certificateBuildJobHandler,
      drawingSetSealJobHandler,
    ],
    listen: options.listen,
  });
  await app.register(sheetsRoutes, { listen: options.listen });
  await app.register(portalCachePlugin, { listen: options.listen });
  await app.register(portalCreditRoutes);
  await app.register(portalForumRoutes);
  await app.register(portalArticlesRoutes);
  await app.register(portalFilesRoutes);
  await app.register(portalSiteRoutes);
  // bad actions (after the portal: confirming clears its kept answers) and the project's notices
  await app.register(badActionsRoutes);
  await app.register(projectNoticesRoutes);
  // Opinion reports (issue 20): compiled by the agency, built in the job queue, forwarded to the units.
  await app.register(reportsRoutes);
  // Designers' answers and the next rounds (issue 20).
  await app.register(answersRoutes);
  // Electronic signatures (issue 21): signing tasks in order, verification of any presented PDF;
  // the reports are the first kind of document signed.
  registerSignedDocuments(reportDocuments);
  await app.register(signaturesRoutes);
  // The certificate of passing review (issue 21): compiled, signed like the reports, issued.
  registerSignedDocuments(certificateDocuments);
  await app.register(certificatesRoutes);
  // The sealed drawing set (issue 21): every sheet of the passed version signed like the reports.
  registerSignedDocuments(drawingSetDocuments);
  await app.register(drawingSetsRoutes);
  // Filing with the region's supervising authority (issue 21).
  await app.register(filingsRoutes);
  // The public review record of confirmed filings (issue 21).
  await app.register(reviewRecordsRoutes);

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
