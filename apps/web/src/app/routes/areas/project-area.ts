import type { AreaKey } from '@drp/domain';

/** The areas that have project screens (spec §2): everywhere an application is worked on or read. */
export type ProjectArea = Extract<AreaKey, 'apply' | 'submit' | 'audit' | 'supervise' | 'joint'>;
