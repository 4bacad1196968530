/** Energy-conservation opinion keys (spec §3). */
export const ENERGY_OPINION_KEYS = {
  VIOLATE_MANDATORY_STANDARD: { 'zh-CN': '违反强制性条文', 'en-US': 'Violates a mandatory standard' },
  APPROVED: { 'zh-CN': '符合要求', 'en-US': 'Approved' },
  MISTAKE: { 'zh-CN': '存在错误', 'en-US': 'Mistake' },
  SUPPLEMENT: { 'zh-CN': '需补充完善', 'en-US': 'Needs supplement' },
} as const;
export type EnergyOpinionKey = keyof typeof ENERGY_OPINION_KEYS;

/** Survey-design market-behaviour check keys, recorded as bad actions (spec §3). */
export const BAD_ACTION_KEYS = {
  UNLICENSED: { 'zh-CN': '无资质或超越资质承揽业务', 'en-US': 'Unlicensed or beyond qualification' },
  RECORD: { 'zh-CN': '未按规定备案', 'en-US': 'Not filed as required' },
  PROVINCIAL_SEAL: { 'zh-CN': '未加盖省内执业印章', 'en-US': 'Missing provincial practice seal' },
  REGISTER_ENGINEER_SEAL: { 'zh-CN': '未加盖注册工程师印章', 'en-US': 'Missing registered engineer seal' },
  CREDIT_CONSENSUS: { 'zh-CN': '信用承诺不符', 'en-US': 'Credit commitment breached' },
  CONTRACT_RECORD: { 'zh-CN': '合同未备案', 'en-US': 'Contract not filed' },
} as const;
export type BadActionKey = keyof typeof BAD_ACTION_KEYS;
