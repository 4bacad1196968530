import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORG_TYPES } from '../orgs/org-type.js';
import {
  MESSAGE_TYPES,
  addressedTypes,
  mayAct,
  messageKind,
  settledByMessage,
  MESSAGE_TYPES_BY_ORG_TYPE,
  MESSAGE_TYPE_KEYS,
  messageScreen,
  type MessageMember,
  type MessageType,
  type MessageTypeDefinition,
} from './message-type.js';
import { MESSAGE_CONTENT, renderMessageContent } from './message-content.js';

/** The spec's screen routes (docs/spec/routes.txt), with every parameter name reduced to ":". */
const specRoutes = new Set(
  readFileSync(path.resolve(import.meta.dirname, '../../../../docs/spec/routes.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('/'))
    .map((line) => line.replace(/:\w+/g, ':')),
);

const definitions = Object.entries(MESSAGE_TYPES) as [string, MessageTypeDefinition][];

describe('message catalogue', () => {
  it('holds the message types the spec names', () => {
    for (const type of [
      'CONSTRUCT_PROJECT_SUBMIT',
      'CENSOR_ABSENCE_REMIND',
      'CENSOR_BUILDING_REJECT',
      'CENSOR_MATERIAL_REJECT',
      'CONSTRUCT_MATERIAL_SUBMIT',
      'CENSOR_TASKING_SUBMIT',
    ])
      expect(MESSAGE_TYPE_KEYS).toContain(type);
  });

  it('sends every type somewhere, and opens a screen of the spec in the receiver’s own area', () => {
    const areaOf = {
      CONSTRUCT: 'sys_apply',
      DESIGN: 'sys_submit',
      SURVEY: 'sys_submit',
      CENSOR: 'sys_audit',
      CONTROL: 'sys_supervise',
    } as const;
    for (const [type, definition] of definitions) {
      const receivers = Object.entries(definition.receivers);
      expect(receivers.length, type).toBeGreaterThan(0);
      for (const [orgType, { opens: screen }] of receivers) {
        expect(specRoutes.has(screen.replace(/:\w+/g, ':')), `${type} → ${screen}`).toBe(true);
        expect(screen.startsWith(`/${areaOf[orgType as keyof typeof areaOf]}/`), `${type} → ${screen}`).toBe(
          true,
        );
      }
    }
  });

  it('gives each org type the types that name it, and joint-review bodies none', () => {
    for (const orgType of ORG_TYPES)
      for (const type of MESSAGE_TYPE_KEYS)
        expect(MESSAGE_TYPES_BY_ORG_TYPE[orgType].includes(type)).toBe(
          (MESSAGE_TYPES[type] as MessageTypeDefinition).receivers[orgType] !== undefined,
        );
    expect(MESSAGE_TYPES_BY_ORG_TYPE.JOINTTRIAL).toEqual([]);
    expect(MESSAGE_TYPES_BY_ORG_TYPE.DESIGN).toContain('CONSTRUCT_PROJECT_SUBMIT');
    expect(MESSAGE_TYPES_BY_ORG_TYPE.CENSOR).toContain('CONSTRUCT_MATERIAL_SUBMIT');
  });

  it('has a text in both languages for every type', () => {
    for (const [type, definition] of definitions) {
      expect(definition.name['zh-CN'], type).toMatch(/\p{Script=Han}/u);
      expect(definition.name['en-US'], type).toMatch(/^[A-Z][\x20-\x7e]+$/);
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(MESSAGE_CONTENT[type as MessageType]['en-US']), type).toEqual(
        placeholders(MESSAGE_CONTENT[type as MessageType]['zh-CN']),
      );
    }
  });
});

describe('renderMessageContent', () => {
  it('fills the placeholders in the reader’s language and leaves none behind', () => {
    const params = { senderName: '长沙城投', projectName: '岳麓一期', reason: '缺少结构计算书' };
    expect(renderMessageContent('CENSOR_MATERIAL_REJECT', params, 'zh-CN')).toBe(
      '长沙城投退回了项目「岳麓一期」的资料：缺少结构计算书',
    );
    expect(renderMessageContent('CENSOR_MATERIAL_REJECT', params, 'en-US')).toBe(
      '长沙城投 returned the materials of "岳麓一期": 缺少结构计算书',
    );
    expect(renderMessageContent('CONSTRUCT_PROJECT_SUBMIT', {}, 'zh-CN')).not.toContain('{');
    // A signature asked for names the kind of document in the reader's language.
    const asked = {
      projectName: '岳麓一期',
      reportNo: '430104202600001',
      field: '签发',
      documentKind: 'CERTIFICATE',
    };
    expect(renderMessageContent('CENSOR_SIGNATURE_REQUEST', asked, 'zh-CN')).toMatch(
      /^项目「岳麓一期」的施工图设计文件审查合格书（430104202600001）待您签署：签发。/,
    );
    expect(renderMessageContent('CENSOR_SIGNATURE_REQUEST', asked, 'en-US')).toMatch(
      /^Certificate of passing review 430104202600001 of "岳麓一期" awaits your signature/,
    );
  });
});

describe('messageScreen', () => {
  const base = { orgId: 'org-1', projectId: 'p-1', targetId: 'm-1' };

  it('opens the screen of the receiving org type with the message’s ids filled in', () => {
    expect(messageScreen({ ...base, type: 'CENSOR_TASKING_SUBMIT' }, 'CENSOR')).toBe(
      '/sys_audit/org-1/p-1/mission/m-1',
    );
    expect(messageScreen({ ...base, type: 'CONSTRUCT_MATERIAL_SUBMIT' }, 'CENSOR')).toBe(
      '/sys_audit/org-1/p-1/workingDrawing',
    );
    expect(messageScreen({ ...base, type: 'CONSTRUCT_PROJECT_SUBMIT' }, 'DESIGN')).toBe(
      '/sys_submit/p-1/workingDrawing',
    );
    expect(messageScreen({ ...base, type: 'CENSOR_MATERIAL_REJECT' }, 'CONSTRUCT')).toBe(
      '/sys_apply/p-1/workingDrawing',
    );
    expect(messageScreen({ ...base, type: 'CENSOR_MATERIAL_REJECT' }, 'SURVEY')).toBe(
      '/sys_submit/p-1/reconnaissance',
    );
  });

  it('has no screen for an org type the type is not for, or when an id is missing', () => {
    expect(messageScreen({ ...base, type: 'CENSOR_TASKING_SUBMIT' }, 'DESIGN')).toBeNull();
    expect(messageScreen({ ...base, projectId: null, type: 'CENSOR_MATERIAL_REJECT' }, 'DESIGN')).toBeNull();
  });
});

describe('to-dos and notices', () => {
  const member = (orgType: MessageMember['orgType'], admin: boolean, ...profiles: string[]) => ({
    orgType,
    admin,
    profiles,
  });

  it('names an action for every to-do receiver and none for a notice, and settles only by known types', () => {
    for (const [type, definition] of definitions) {
      const actions = Object.values(definition.receivers).map((r) => r.todo);
      expect(actions.some(Boolean), type).toBe(definition.kind === 'todo');
      for (const [answer, reach] of Object.entries(definition.settledBy ?? {})) {
        expect(MESSAGE_TYPE_KEYS, `${type} settled by ${answer}`).toContain(answer);
        expect(['own', 'all']).toContain(reach);
      }
      if (definition.kind === 'notice') expect(definition.settledBy, type).toBeUndefined();
    }
  });

  it('asks the agency to accept materials of those who may accept them, not of its reviewers', () => {
    expect(messageKind('CONSTRUCT_MATERIAL_SUBMIT', 'CENSOR')).toBe('todo');
    expect(mayAct('docs.accept', member('CENSOR', false, 'DRAWING_APPROVAL_DIRECTOR'))).toBe(true);
    expect(mayAct('docs.accept', member('CENSOR', false, 'DRAWING_APPROVAL_ADMIN'))).toBe(true);
    expect(mayAct('docs.accept', member('CENSOR', true))).toBe(true);
    expect(mayAct('docs.accept', member('CENSOR', false, 'DRAWING_APPROVAL_NORMAL'))).toBe(false);
    const reviewer = addressedTypes(member('CENSOR', false, 'DRAWING_APPROVAL_NORMAL'));
    expect(reviewer.todo).not.toContain('CONSTRUCT_MATERIAL_SUBMIT');
    expect(reviewer.notice).not.toContain('CONSTRUCT_MATERIAL_SUBMIT');
    expect(reviewer.notice).toContain('CONSTRUCT_PROJECT_REVOKE');
    const director = addressedTypes(member('CENSOR', false, 'DRAWING_APPROVAL_DIRECTOR'));
    expect(director.todo).toContain('CONSTRUCT_MATERIAL_SUBMIT');
  });

  it('keeps a notice for everyone, and `org.admin` work for admins', () => {
    expect(messageKind('PLATFORM_REGISTRATION_APPROVE', 'DESIGN')).toBe('notice');
    expect(addressedTypes(member('DESIGN', false)).notice).toContain('PLATFORM_REGISTRATION_APPROVE');
    expect(mayAct('org.admin', member('DESIGN', true))).toBe(true);
    expect(mayAct('org.admin', member('DESIGN', false, 'DATA_UPLOAD'))).toBe(false);
    // A reminder asks the units for materials; the construction unit is only told.
    expect(messageKind('CENSOR_ABSENCE_REMIND', 'DESIGN')).toBe('todo');
    expect(messageKind('CENSOR_ABSENCE_REMIND', 'CONSTRUCT')).toBe('notice');
  });

  it('settles the upload to-do by the unit’s own commit and every open to-do by a recall', () => {
    expect(settledByMessage('DESIGN_MATERIAL_COMMIT')).toContainEqual({
      type: 'CONSTRUCT_PROJECT_SUBMIT',
      reach: 'own',
    });
    expect(settledByMessage('CENSOR_MATERIAL_ACCEPT')).toContainEqual({
      type: 'CONSTRUCT_MATERIAL_SUBMIT',
      reach: 'own',
    });
    const recalled = settledByMessage('CONSTRUCT_PROJECT_REVOKE').map((s) => s.type);
    expect(recalled).toEqual(
      expect.arrayContaining([
        'CONSTRUCT_PROJECT_SUBMIT',
        'CONSTRUCT_MATERIAL_SUBMIT',
        'DESIGN_MATERIAL_COMMIT',
      ]),
    );
  });
});
