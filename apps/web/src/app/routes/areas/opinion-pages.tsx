import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Segmented, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_PROFILES,
  OPINION_KIND_KEYS,
  OPINION_KIND_ROUTES,
  opinionKindOf,
  type DocCategory,
  type Opinion,
  type OpinionKind,
} from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { LanguageSwitch } from '../../../components/language-switch';
import { NOT_FOUND_PATH } from '../../../lib/not-found';
import type { ProjectTarget } from '../../../lib/project-target';
import { ClausePicker } from '../../../features/clauses/components/clause-picker';
import { publishMarkup } from '../../../features/markups/api/publish-markup';
import { useMissionGrid } from '../../../features/missions/api/missions-api';
import { useOpinion, useWritableMissions } from '../../../features/opinions/api/opinions-api';
import { MissionOpinions } from '../../../features/opinions/components/mission-opinions';
import { OpinionDetailView } from '../../../features/opinions/components/opinion-detail';
import {
  OpinionForm,
  linkedSheetOf,
  type ClauseFieldProps,
  type LinkedSheet,
} from '../../../features/opinions/components/opinion-form';
import { OpinionList } from '../../../features/opinions/components/opinion-list';
import type { OpinionLinks } from '../../../features/opinions/components/opinion-table';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { sheetQuery } from '../../../features/sheets/api/get-sheet';
import { SheetWorkspace } from '../../../features/sheets/components/sheet-workspace';
import { useSheetFiles } from '../../../features/sheets/hooks/use-sheet-files';
import { registerSheetTexts } from '../../../features/sheets/sheets-texts';
import { sheetViewerPath, type SheetViewerTarget } from '../../../features/sheets/sheet-viewer-path';
import { i18n } from '../../../config/i18n';
import { useProjectContext } from '../../layouts/project-layout';
import { useProjectMember } from '../../layouts/use-project-member';
import type { MarkupSession } from '../../../features/markups/hooks/use-markups';
import { useMarkupFocus, useSheetMarkupSession } from './sheet-markup-slots';
import './opinion-full-page.css';

const enc = encodeURIComponent;

/** The viewer's texts join both languages (the full page hosts it). */
export const registerTexts = () => registerSheetTexts(i18n);

/** The clause library's picker in the opinion form: two features meet here, in app/. */
const clauseField = (p: ClauseFieldProps) => (
  <ClausePicker
    id={p.id}
    value={p.value}
    onChange={p.onChange}
    specialty={p.specialty}
    aria-label={p['aria-label']}
    data-testid="opinion-clause"
  />
);

const categoryOf = (kind: OpinionKind): DocCategory => (kind === 'SURVEY' ? 'SURVEY' : 'DESIGN');

/** Paths of the opinion screens of one application, for the acting agency. */
export function opinionPaths(target: ProjectTarget) {
  const base = `/sys_audit/${enc(target.orgId)}/${enc(target.projectId)}`;
  const list = (kind: OpinionKind) => `${base}/${OPINION_KIND_ROUTES[kind]}`;
  const full = (query: { missionId?: string; opinion?: string } = {}) => {
    const q = new URLSearchParams(
      Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])),
    ).toString();
    return `/sys_audit/newOpinion/${enc(target.orgId)}/${enc(target.projectId)}${q ? `?${q}` : ''}`;
  };
  /** The viewer at the opinion's page, centred on its region (`markup`, see sheet-markup-slots). */
  const sheet = (o: Opinion) => {
    if (!o.sheet) return null;
    const at: SheetViewerTarget = {
      area: 'audit',
      orgId: target.orgId,
      projectId: target.projectId,
      versionId: o.versionId,
      folderId: o.sheet.folderId,
      fileId: o.sheet.fileId,
      category: categoryOf(o.kind),
      review: false,
    };
    const q = new URLSearchParams({ page: String(o.sheet.page + 1) });
    if (o.sheet.markupId) q.set('markup', o.sheet.markupId);
    return `${sheetViewerPath(at)}?${q.toString()}`;
  };
  const links = (kind: OpinionKind): OpinionLinks => ({
    detailPath: (id) => `${list(kind)}/detail/${enc(id)}`,
    sheetPath: sheet,
  });
  return { list, full, sheet, links };
}

function useOpinionScreen() {
  const { project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  return { target, paths: opinionPaths(target) };
}

/** `censorconstres`, `censorenergyres`, `censorsurveyres`: one list each. */
export function OpinionListPage({ kind }: { kind: OpinionKind }) {
  const { target, paths } = useOpinionScreen();
  // The round's buildings and specialties, as the missions grid has them.
  const grid = useMissionGrid(target);
  const specialties = (grid.data?.specialties ?? []).filter((s) => opinionKindOf(s) === kind);
  return (
    <OpinionList
      key={`${target.orgId}:${target.projectId}:${kind}`}
      target={target}
      kind={kind}
      buildings={grid.data?.buildings ?? []}
      specialties={specialties}
      links={paths.links(kind)}
      newPath={`${paths.list(kind)}/new`}
      fullPath={paths.full()}
    />
  );
}

/** `…/new`: the form without the viewer (the full page links a region). */
export function NewOpinionPage({ kind }: { kind: OpinionKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { target, paths } = useOpinionScreen();
  const [sheet, setSheet] = useState<LinkedSheet | null>(null);
  return (
    <Card
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('opinions.formNewTitle')}</h1>}
      extra={
        <Space>
          <Button
            type="link"
            onClick={() => void navigate(paths.full({ missionId: params.get('missionId') ?? undefined }))}
          >
            {t('opinions.newFull')}
          </Button>
        </Space>
      }
      data-testid="opinion-new-page"
    >
      <OpinionForm
        target={target}
        kinds={[kind]}
        missionId={params.get('missionId') ?? undefined}
        clauseField={clauseField}
        sheet={sheet}
        onSheetChange={setSheet}
        onSaved={(o) => void navigate(paths.links(kind).detailPath(o.id))}
        onCancel={() => void navigate(paths.list(kind))}
      />
    </Card>
  );
}

export function OpinionDetailPage({ kind }: { kind: OpinionKind }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { target, paths } = useOpinionScreen();
  return (
    <OpinionDetailView
      key={id}
      target={target}
      id={id}
      listPath={paths.list(kind)}
      sheetPath={paths.sheet}
      editFullPath={(o) => paths.full({ opinion: o.id })}
      clauseField={clauseField}
      onDeleted={() => void navigate(paths.list(kind))}
    />
  );
}

/** The mission page's opinions (composed into mission-pages.tsx). */
export function MissionOpinionsSlot({
  target,
  missionId,
  specialty,
}: {
  target: ProjectTarget;
  missionId: string;
  specialty: string;
}) {
  const paths = opinionPaths(target);
  const kind = opinionKindOf(specialty);
  return (
    <MissionOpinions
      target={target}
      missionId={missionId}
      kind={kind}
      links={paths.links(kind)}
      listPath={paths.list(kind)}
      addPath={paths.full({ missionId })}
    />
  );
}

/**
 * `/sys_audit/newOpinion/{orgId}/{projectId}` (spec §2): the drawing viewer with the opinion form
 * beside it, a full window outside the project layout. `?missionId=` preselects the mission,
 * `?opinion=` edits one; `?file=&folder=&category=` is the sheet on screen (the viewer keeps its
 * own view keys beside them). The reviewer draws a region with the markup tools, selects it and
 * links it; recording publishes that markup, so the checker and the parties see the region.
 */
export function OpinionFullPage() {
  const { orgId = '', projectId = '' } = useParams();
  const state = useProjectMember('audit', projectId, orgId);
  if (state.status === 'notFound') return <Navigate to={NOT_FOUND_PATH} replace />;
  if (state.status === 'loading') return <FullPageSpin />;
  if (state.status === 'error') return <Alert type="error" showIcon title={state.error.message} />;
  if (!state.member.profiles.some((p) => (APPROVAL_PROFILES as readonly string[]).includes(p)))
    return <Navigate to={NOT_FOUND_PATH} replace />;
  return <FullPage target={{ orgId: state.member.orgId, projectId: state.project.id }} />;
}

function FullPage({ target }: { target: ProjectTarget }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const paths = opinionPaths(target);
  const opinionId = params.get('opinion') ?? undefined;
  const missionId = params.get('missionId') ?? undefined;
  const editing = useOpinion(target, opinionId);
  const writable = useWritableMissions(target, OPINION_KIND_KEYS);
  const preset = writable.missions.find((m) => m.id === missionId);
  const kind: OpinionKind =
    editing.data?.kind ?? preset?.kind ?? writable.missions[0]?.kind ?? 'CONSTRUCTION';
  const category = (params.get('category') as DocCategory | null) ?? categoryOf(kind);
  const versionId = editing.data?.versionId ?? writable.round?.versionId ?? '';
  const files = useSheetFiles(target, versionId, category);
  const fileId = params.get('file') ?? files.sheets[0]?.id;
  const folderId = params.get('folder') ?? files.sheets.find((f) => f.id === fileId)?.folderId;

  // An opinion being edited opens at its sheet and region.
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const s = editing.data?.sheet;
    if (focused || !editing.data) return;
    setFocused(true);
    if (!s || params.get('file')) return;
    const q = new URLSearchParams(location.search);
    q.set('category', categoryOf(editing.data.kind));
    q.set('file', s.fileId);
    q.set('folder', s.folderId);
    q.set('page', String(s.page + 1));
    if (s.markupId) q.set('markup', s.markupId);
    void navigate({ search: `?${q.toString()}` }, { replace: true });
  }, [editing.data, focused, params, location.search, navigate]);

  // The sheet on screen and its markups: one session for the viewer and the form (the selected
  // markup is what links), kept while the reader turns to another file.
  const sheetInfo = useQuery({ ...sheetQuery(target, fileId ?? ''), enabled: Boolean(fileId) }).data;
  const { slots, session } = useSheetMarkupSession(target, fileId ?? '', sheetInfo);
  const focusing = useMarkupFocus(session);
  const config = usePlatformConfig();
  const hostPath = useCallback(
    (next: SheetViewerTarget) => {
      const q = new URLSearchParams(location.search);
      for (const key of ['page', 'x', 'y', 'zoom', 'markup']) q.delete(key);
      q.set('category', next.category);
      q.set('file', next.fileId);
      q.set('folder', next.folderId);
      return `${location.pathname}?${q.toString()}`;
    },
    [location.pathname, location.search],
  );

  const backTo =
    opinionId && editing.data ? paths.links(editing.data.kind).detailPath(opinionId) : paths.list(kind);

  if (opinionId && editing.isError) return <Alert type="error" showIcon title={editing.error.message} />;
  if ((opinionId && (editing.isPending || !focused)) || writable.isPending) return <FullPageSpin />;

  const chooseCategory = (next: DocCategory) => {
    const q = new URLSearchParams(location.search);
    for (const key of ['page', 'x', 'y', 'zoom', 'markup', 'file', 'folder']) q.delete(key);
    q.set('category', next);
    void navigate({ search: `?${q.toString()}` });
  };
  const at: SheetViewerTarget | null =
    versionId && fileId && folderId
      ? {
          area: 'audit',
          orgId: target.orgId,
          projectId: target.projectId,
          versionId,
          folderId,
          fileId,
          category,
          review: true,
        }
      : null;
  return (
    <div className="opinion-full-page" data-testid="opinion-full-page">
      <div className="opinion-full-viewer">
        {at && !focusing ? (
          <SheetWorkspace
            target={target}
            at={at}
            appName={config.data?.title ?? ''}
            backTo={backTo}
            backLabel={t(opinionId ? 'opinions.backToOpinion' : 'opinions.backToList')}
            headerExtra={<LanguageSwitch />}
            markups={slots}
            pathOf={hostPath}
          />
        ) : (files.loading && versionId) || focusing ? (
          <FullPageSpin />
        ) : (
          <main className="opinion-full-empty">
            <Alert type="info" showIcon title={t('opinions.noSheetOpen')} />
          </main>
        )}
      </div>
      <OpinionPanel
        target={target}
        editing={editing.data}
        missionId={missionId}
        category={category}
        onCategory={chooseCategory}
        viewer={
          at
            ? {
                fileName: sheetInfo?.name ?? '',
                fileId: at.fileId,
                page: session.page,
                selected: session.selected,
              }
            : null
        }
      />
    </div>
  );
}

/** The form's side of the full page. */
function OpinionPanel({
  target,
  editing,
  missionId,
  category,
  onCategory,
  viewer,
}: {
  target: ProjectTarget;
  editing: Opinion | undefined;
  missionId: string | undefined;
  category: DocCategory;
  onCategory: (category: DocCategory) => void;
  viewer: {
    fileName: string;
    fileId: string;
    page: number;
    selected: MarkupSession['selected'];
  } | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sheet, setSheet] = useState<LinkedSheet | null>(() => linkedSheetOf(editing));
  // After a save the form starts again for the next opinion, on the same mission.
  const [round, setRound] = useState(0);
  const [lastMission, setLastMission] = useState(missionId);
  const paths = opinionPaths(target);
  const selected = viewer?.selected;

  const publishIfOwn = async ({ draft, sheet: linked }: { draft: boolean; sheet: LinkedSheet | null }) => {
    // The region must be seen by the checker and, once issued, by the parties: recording publishes
    // the reviewer's own markup (a draft keeps it theirs).
    if (draft || !linked?.markupId || !linked.ownMarkup) return;
    await publishMarkup(target, linked.markupId);
  };

  return (
    <aside className="opinion-full-panel" aria-labelledby="opinion-full-title" data-testid="opinion-panel">
      <Space orientation="vertical" size="middle" className="full-width">
        <Typography.Title level={2} id="opinion-full-title" style={{ fontSize: 18, margin: 0 }}>
          {editing ? t('opinions.formEditTitle') : t('opinions.fullTitle')}
        </Typography.Title>
        <Segmented<DocCategory>
          value={category}
          onChange={onCategory}
          options={[
            { value: 'DESIGN', label: t('opinions.categoryDesign') },
            { value: 'SURVEY', label: t('opinions.categorySurvey') },
          ]}
          aria-label={t('opinions.category')}
          data-testid="opinion-category"
        />
        <OpinionForm
          key={round}
          target={target}
          kinds={OPINION_KIND_KEYS}
          opinion={editing}
          missionId={lastMission}
          clauseField={clauseField}
          sheet={sheet}
          onSheetChange={setSheet}
          beforeSave={publishIfOwn}
          sheetControls={
            viewer ? (
              <Space orientation="vertical" size="small">
                <Typography.Text type="secondary">{t('opinions.linkHint')}</Typography.Text>
                <Space wrap>
                  <Button
                    size="small"
                    disabled={!selected}
                    onClick={() =>
                      selected &&
                      setSheet({
                        fileId: viewer.fileId,
                        fileName: viewer.fileName,
                        page: selected.page,
                        markupId: selected.id,
                        ownMarkup: selected.layer === 'OWN',
                      })
                    }
                    data-testid="opinion-link-markup"
                  >
                    {t('opinions.linkMarkup')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() =>
                      setSheet({
                        fileId: viewer.fileId,
                        fileName: viewer.fileName,
                        page: viewer.page,
                        markupId: null,
                      })
                    }
                    data-testid="opinion-link-page"
                  >
                    {t('opinions.linkPage')}
                  </Button>
                </Space>
                {sheet?.ownMarkup && (
                  <Typography.Text type="secondary">{t('opinions.linkPublishHint')}</Typography.Text>
                )}
              </Space>
            ) : undefined
          }
          onSaved={(saved) => {
            if (editing) {
              void navigate(paths.links(saved.kind).detailPath(saved.id));
              return;
            }
            setLastMission(saved.missionId);
            setSheet(null);
            setRound((r) => r + 1);
          }}
        />
      </Space>
    </aside>
  );
}
