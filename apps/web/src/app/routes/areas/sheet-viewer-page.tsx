import { Navigate, useParams } from 'react-router';
import { Alert } from 'antd';
import { APPROVAL_PROFILES, receivesDocs, type DocCategory, type PrincipalMember } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import { LanguageSwitch } from '../../../components/language-switch';
import { i18n } from '../../../config/i18n';
import { NOT_FOUND_PATH } from '../../../lib/not-found';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { registerSheetTexts } from '../../../features/sheets/sheets-texts';
import type { SheetViewerArea, SheetViewerTarget } from '../../../features/sheets/sheet-viewer-path';
import { useProjectMember } from '../../layouts/use-project-member';
import { SheetWorkspaceWithMarkups } from './sheet-markup-slots';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CATEGORIES: readonly string[] = ['DESIGN', 'SURVEY'] satisfies DocCategory[];
const enc = encodeURIComponent;

/** The viewer's texts join both languages once i18next runs (the router calls this before rendering). */
export const registerTexts = () => registerSheetTexts(i18n);

/** The document list a file of `category` sits in, for this area and member, opened on its folder. */
function documentsPath(
  area: SheetViewerArea,
  member: PrincipalMember,
  projectId: string,
  category: DocCategory,
  folderId: string,
) {
  const design = category === 'DESIGN';
  const page = design ? 'workingDrawing' : 'reconnaissance';
  const folder = `?folder=${enc(folderId)}`;
  switch (area) {
    case 'apply':
      return `/sys_apply/${enc(projectId)}/${page}${folder}`;
    case 'submit':
      return `/sys_submit/${enc(projectId)}/${page}${folder}`;
    case 'audit':
      // The receive page is the director's; the others read the review list (spec §2 "Landing").
      return `/sys_audit/${enc(member.orgId)}/${enc(projectId)}/${receivesDocs(member) ? page : `${page}List`}${folder}`;
    case 'supervise':
      return `/sys_supervise/projects/${enc(projectId)}/${design ? 'drawings' : 'docs'}${folder}`;
  }
}

/**
 * `/{area}/{orgId}/{projectId}/reviewPDF/{versionId}/{folderId}/{id}/{treePath}/{reviewPathFlag}`
 * (spec §2): the drawing viewer, a full window of its own. `orgId` acts: it must be one of the
 * signed-in person's organisations in this area and a party the project admits (the server
 * answers the same), else this is the 404 page, as for a malformed id or an unknown category.
 */
export function SheetViewerPage({ area }: { area: SheetViewerArea }) {
  const params = useParams();
  const { orgId = '', projectId = '', versionId = '', folderId = '', id = '', treePath = '' } = params;
  const flag = params.reviewPathFlag ?? '';
  const valid =
    [versionId, folderId, id].every((v) => UUID.test(v)) &&
    CATEGORIES.includes(treePath) &&
    /^[01]$/.test(flag);
  const state = useProjectMember(area, valid ? projectId : '', orgId);
  const config = usePlatformConfig();

  if (!valid || state.status === 'notFound') return <Navigate to={NOT_FOUND_PATH} replace />;
  if (state.status === 'loading') return <FullPageSpin />;
  if (state.status === 'error') return <Alert type="error" showIcon title={state.error.message} />;
  const { project, member } = state;
  // The audit area's project screens need an approval profile (spec §6), as in the project layout.
  if (area === 'audit' && !member.profiles.some((p) => (APPROVAL_PROFILES as readonly string[]).includes(p)))
    return <Navigate to={NOT_FOUND_PATH} replace />;
  const category = treePath as DocCategory;
  const at: SheetViewerTarget = {
    area,
    orgId: member.orgId,
    projectId: project.id,
    versionId,
    folderId,
    fileId: id,
    category,
    review: flag === '1',
  };
  return (
    <SheetWorkspaceWithMarkups
      target={{ orgId: member.orgId, projectId: project.id }}
      at={at}
      appName={config.data?.title ?? ''}
      backTo={documentsPath(area, member, project.id, category, folderId)}
      headerExtra={<LanguageSwitch />}
    />
  );
}
