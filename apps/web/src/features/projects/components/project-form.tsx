import { useRef, useState, type ReactNode } from 'react';
import { App, Button, Card, Form, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail, ProjectDic, ProjectForm } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import { useProjectCodePreview } from '../api/get-project-code';
import { useProjectDics } from '../api/get-project-dics';
import { useProjectFormRules } from '../hooks/use-project-form-rules';
import { useSaveApplication } from '../hooks/use-save-application';
import { ProjectDicPicker } from './project-dic-picker';
import { ProjectFormSections } from './project-form-sections';

/** The form's own values: the project master is chosen above it, numbers may still be empty. */
export type ProjectFormValues = Omit<
  ProjectForm,
  'projectDicId' | 'totalArea' | 'aboveGroundArea' | 'belowGroundArea' | 'investment' | 'surveyOrgIds'
> & {
  totalArea: number | null;
  aboveGroundArea: number | null;
  belowGroundArea: number | null;
  investment: number | null;
  surveyOrgIds?: string[];
};

/** The application's own fields, told apart from those an extension adds to the same form. */
const FIELDS = [
  'name',
  'regionCode',
  'address',
  'landUsePermitNo',
  'planningPermitNo',
  'totalArea',
  'aboveGroundArea',
  'belowGroundArea',
  'investment',
  'projectType',
  'constructType',
  'stage',
  'contactName',
  'contactPhone',
  'designOrgIds',
  'surveyOrgIds',
  'censorOrgId',
] as const satisfies readonly (keyof ProjectFormValues)[];

/** Fields the chosen project master fills in, unless the person already changed them. */
const FROM_DIC = ['name', 'regionCode', 'address'] as const;

/** A saved application as the form's values. */
export function projectFormValues(project: ProjectDetail): ProjectFormValues {
  return {
    name: project.name,
    regionCode: project.regionCode,
    address: project.address,
    landUsePermitNo: project.landUsePermitNo ?? undefined,
    planningPermitNo: project.planningPermitNo ?? undefined,
    totalArea: project.totalArea,
    aboveGroundArea: project.aboveGroundArea,
    belowGroundArea: project.belowGroundArea,
    investment: project.investment,
    projectType: project.projectType,
    constructType: project.constructType,
    stage: project.stage,
    contactName: project.contactName,
    contactPhone: project.contactPhone,
    designOrgIds: project.designList.map((p) => p.orgId),
    surveyOrgIds: project.surveyList.map((p) => p.orgId),
    censorOrgId: project.censor.orgId,
  };
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What turns the first application's form into another kind of application (a change): its own
 * texts and sections inside the same form, the masters it may start from, and its own save.
 */
export interface ProjectFormExtension<E extends object> {
  steps: [string, string];
  /** The title of the form's card. */
  title: string;
  /** Only masters with a passed application qualify, and none is registered on the spot. */
  passedMastersOnly?: boolean;
  /** Shown in place of the master picker when no master qualifies. */
  noneQualifies?: ReactNode;
  /** Its sections, after the application's, for the chosen master. */
  sections: (dicId: string) => ReactNode;
  initialValues?: Partial<E>;
  /** For a new one: the application whose values fill in the empty fields once a master is chosen. */
  prefill?: (dic: ProjectDic) => Promise<ProjectDetail | undefined>;
  /** Saves the application form with the extension's values; answers the application's id. */
  save: (form: ProjectForm, extra: E) => Promise<string>;
  /** Said once it is saved. */
  savedMessage: string;
}

/**
 * The review application of `/sys_apply/newreport` (no `project`: a new draft) and
 * `newreport/:id` (a draft to change). First the project master, chosen from the organisation's
 * or registered on the spot; then the application itself. Saving keeps it a draft. With an
 * `extension` the same form serves a change application (`newchange`). `children` follow the
 * form (the attachments of a saved draft).
 */
export function ProjectFormView<E extends object = Record<string, never>>({
  orgId,
  project,
  defaultContactName,
  extension,
  children,
  onSaved,
  onCancel,
}: {
  orgId: string;
  project?: ProjectDetail;
  defaultContactName?: string;
  extension?: ProjectFormExtension<E>;
  children?: ReactNode;
  onSaved: (id: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectFormValues>();
  const passedOnly = extension?.passedMastersOnly ?? false;
  const dics = useProjectDics(orgId, passedOnly ? { isAlter: true } : {});
  const [dicId, setDicId] = useState<string | undefined>(project?.projectDicId);
  const [saving, setSaving] = useState(false);
  // What was filled in automatically last, so a later choice replaces it but not what was typed.
  const filled = useRef<Partial<ProjectFormValues>>({});
  const save = useSaveApplication(project?.id);
  const { formIssues } = useProjectFormRules();
  const regionCode = Form.useWatch('regionCode', form);
  const preview = useProjectCodePreview(project ? undefined : regionCode);
  const masters = dics.data ?? [];

  /** Sets the fields that are empty or still hold what was filled in before. */
  const fill = (values: Partial<ProjectFormValues>) => {
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values) as [keyof ProjectFormValues, unknown][]) {
      const current: unknown = form.getFieldValue(key);
      const untouched =
        isEmpty(current) ||
        same(current, filled.current[key]) ||
        (key === 'contactName' && current === defaultContactName);
      if (untouched) changes[key] = value;
    }
    filled.current = { ...filled.current, ...values };
    form.setFieldsValue(changes);
  };

  const choose = (next: ProjectDic) => {
    const previous = masters.find((d) => d.id === dicId);
    if (previous) for (const key of FROM_DIC) filled.current[key] ??= previous[key];
    fill(Object.fromEntries(FROM_DIC.map((key) => [key, next[key]])));
    setDicId(next.id);
    if (!project && extension?.prefill)
      extension
        .prefill(next)
        .then((source) => {
          if (source) fill(projectFormValues(source));
        })
        .catch(
          (error: unknown) => void message.error(error instanceof ApiError ? error.message : String(error)),
        );
  };

  const onFinish = async (values: ProjectFormValues & Record<string, unknown>) => {
    if (!dicId) return;
    const own = Object.fromEntries(FIELDS.map((key) => [key, values[key]])) as ProjectFormValues;
    const extra = Object.fromEntries(
      Object.entries(values).filter(([key]) => !(FIELDS as readonly string[]).includes(key)),
    ) as E;
    const payload: ProjectForm = {
      ...own,
      projectDicId: dicId,
      landUsePermitNo: own.landUsePermitNo?.trim() || undefined,
      planningPermitNo: own.planningPermitNo?.trim() || undefined,
      totalArea: own.totalArea ?? 0,
      aboveGroundArea: own.aboveGroundArea ?? 0,
      belowGroundArea: own.belowGroundArea ?? 0,
      investment: own.investment ?? 0,
      surveyOrgIds: own.surveyOrgIds ?? [],
    };
    // The contract itself has the last word before anything is sent.
    const issues = formIssues(payload);
    if (issues.length > 0) {
      const onForm = issues.filter(
        (i): i is { name: keyof ProjectFormValues; errors: string[] } => i.name in own,
      );
      form.setFields(onForm);
      if (onForm[0]) form.scrollToField(onForm[0].name);
      else void message.error(issues[0]!.errors[0]);
      return;
    }
    setSaving(true);
    try {
      const id = extension ? await extension.save(payload, extra) : await save.mutateAsync(payload);
      void message.success(extension ? extension.savedMessage : t('projects.saved'));
      onSaved(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = (error.detail as { fields?: { field?: string; message: string }[] } | undefined)?.fields;
      const known = Object.keys(values);
      const onForm = (fields ?? [])
        .map((f) => ({ name: (f.field ?? '').replace(/^form\./, '').split('.')[0]!, message: f.message }))
        .filter((f) => known.includes(f.name));
      if (onForm.length > 0)
        form.setFields(
          onForm.map((f) => ({ name: f.name as keyof ProjectFormValues, errors: [error.message] })),
        );
      void message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  const code = project ? project.code : preview.data;
  const codeHint = project
    ? t('projects.codeAssigned')
    : code
      ? t('projects.codePreviewHint')
      : t('projects.codePending');

  return (
    <Space orientation="vertical" size="middle" className="project-form">
      <Card>
        <Steps
          size="small"
          current={dicId ? 1 : 0}
          items={(extension?.steps ?? [t('projects.steps.dic'), t('projects.steps.form')]).map((title) => ({
            title,
          }))}
        />
      </Card>
      <ProjectDicPicker
        orgId={orgId}
        value={dicId}
        onChoose={choose}
        passedOnly={passedOnly}
        locked={passedOnly && Boolean(project)}
        noneQualifies={extension?.noneQualifies}
      />
      {/* Mounted from the start, so choosing a project master can fill in its fields. */}
      <div hidden={!dicId}>
        <Card title={extension?.title ?? (project ? t('projects.editTitle') : t('projects.steps.form'))}>
          <Form<ProjectFormValues>
            form={form}
            name="project"
            layout="vertical"
            scrollToFirstError
            autoComplete="off"
            initialValues={{
              ...(project ? projectFormValues(project) : { contactName: defaultContactName }),
              ...extension?.initialValues,
            }}
            onFinish={(v) => void onFinish(v)}
            data-testid="project-form"
          >
            {dicId && extension?.sections(dicId)}
            <ProjectFormSections code={code ?? undefined} codeHint={codeHint} />
            <Space>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="save-draft">
                {t('projects.saveDraft')}
              </Button>
              <Button onClick={onCancel}>{t('common.cancel')}</Button>
            </Space>
          </Form>
        </Card>
      </div>
      {dicId && children}
    </Space>
  );
}
