/** Organisation types of spec §1 and §3. */
export const ORG_TYPES = ['CONSTRUCT', 'DESIGN', 'SURVEY', 'CENSOR', 'CONTROL', 'JOINTTRIAL'] as const;
export type OrgType = (typeof ORG_TYPES)[number];

export const ORG_TYPE_LABELS: Record<OrgType, { 'zh-CN': string; 'en-US': string }> = {
  CONSTRUCT: { 'zh-CN': '建设单位', 'en-US': 'Construction unit' },
  DESIGN: { 'zh-CN': '设计单位', 'en-US': 'Design unit' },
  SURVEY: { 'zh-CN': '勘察单位', 'en-US': 'Survey unit' },
  CENSOR: { 'zh-CN': '审查机构', 'en-US': 'Review agency' },
  CONTROL: { 'zh-CN': '主管部门', 'en-US': 'Supervising authority' },
  JOINTTRIAL: { 'zh-CN': '联审部门', 'en-US': 'Joint-review body' },
};
