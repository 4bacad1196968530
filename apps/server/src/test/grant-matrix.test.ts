import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PROFILES, type OrgMembersResult, type Profile } from '@drp/domain';
import { members } from '../db/schema/accounts.js';
import { orgs } from '../db/schema/orgs.js';
import { DEMO_ORGS } from '../db/seed/demo-seed.js';
import type { DemoOrgKey } from './authorization-matrix.js';
import {
  GRANT_MATRIX,
  OWN_ADMIN_MATRIX,
  type GrantAnswer,
  type GrantOrgKey,
  type GrantRow,
} from './grant-matrix.js';
import { createTestApp, type TestApp } from './test-app.js';

const ORG_KEYS = ['construct', 'design', 'survey', 'censor', 'control', 'operator', 'joint'] as const;
/** The demo admin of each org; the operator has none in the demo, so setup adds one. */
const DEMO_ADMINS: Record<GrantOrgKey, string | null> = {
  construct: 'construct_admin',
  design: 'design_admin',
  survey: 'survey_admin',
  censor: 'censor_admin',
  control: 'control_admin',
  operator: null,
  joint: 'joint_admin',
};
const FIRST_PASSWORD = 'Grant#First2026';

const answerOf = (res: LightMyRequestResponse): GrantAnswer => [
  res.statusCode,
  res.json<{ code: string }>().code,
];

describe('grant matrix: every profile each kind of admin tries to grant, to others and to itself', () => {
  let t: TestApp;
  let sysadmin: string;
  const orgIds = {} as Record<DemoOrgKey, string>;
  const adminTokens = {} as Record<GrantOrgKey, string>;
  const adminMemberIds = {} as Record<GrantOrgKey, string>;
  const targetIds = {} as Record<GrantOrgKey, string>;
  const targetTokens = {} as Record<GrantOrgKey, string>;
  let sysadminMemberId = '';
  let serial = 0;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const membersUrl = (org: GrantOrgKey) => `/api/admin/orgs/${orgIds[org]}/members`;
  const put = (token: string, org: GrantOrgKey, memberId: string, payload: object) =>
    send('PUT', `${membersUrl(org)}/${memberId}`, token, payload);
  const ok = <T>(res: LightMyRequestResponse): T => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ detail: T }>().detail;
  };
  const listAs = async (token: string, org: GrantOrgKey) =>
    ok<OrgMembersResult>(await send('GET', membersUrl(org), token));
  const profilesOf = async (org: GrantOrgKey, memberId: string) =>
    (await listAs(sysadmin, org)).members.find((m) => m.id === memberId)!.profiles;
  const addPerson = async (
    org: GrantOrgKey,
    username: string,
    grant: { admin: boolean; profiles: Profile[] },
  ) =>
    ok<{ id: string }>(
      await send('POST', membersUrl(org), sysadmin, {
        mode: 'new',
        username,
        name: '授权矩阵',
        phone: '13900000099',
        password: FIRST_PASSWORD,
        ...grant,
      }),
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    const names = new Map(DEMO_ORGS.map((o) => [o.name, o.key]));
    for (const row of await t.database.db.select({ id: orgs.id, name: orgs.name }).from(orgs))
      orgIds[names.get(row.name) as DemoOrgKey] = row.id;
    sysadmin = await t.signIn('sysadmin');
    for (const org of ORG_KEYS) {
      const demoAdmin = DEMO_ADMINS[org];
      const adminName = demoAdmin ?? 'gm_operator_admin';
      if (!demoAdmin) await addPerson(org, adminName, { admin: true, profiles: ['ONLINE_SUPERVISION'] });
      adminTokens[org] = await t.signIn(adminName, demoAdmin ? undefined : FIRST_PASSWORD);
      const listed = await listAs(sysadmin, org);
      adminMemberIds[org] = listed.members.find((m) => m.username === adminName)!.id;
      targetIds[org] = await addPerson(org, `gm_${org}_target`, { admin: false, profiles: [] });
      targetTokens[org] = await t.signIn(`gm_${org}_target`, FIRST_PASSWORD);
    }
    // A system admin with a plain membership of the operator, as an installation may have given it.
    const [row] = await t.database.db
      .insert(members)
      .values({ accountId: await accountIdOf(sysadmin), orgId: orgIds.operator, admin: false })
      .returning({ id: members.id });
    sysadminMemberId = row!.id;
  });
  afterAll(() => t?.close());

  async function accountIdOf(token: string) {
    return ok<{ account: { id: string } }>(await send('GET', '/api/admin/account', token)).account.id;
  }

  const grantorToken = (row: GrantRow) => (row.grantor === 'systemAdmin' ? sysadmin : adminTokens[row.org]);
  const targetOf = (row: GrantRow) =>
    row.target === 'other'
      ? targetIds[row.org]
      : row.grantor === 'systemAdmin'
        ? sysadminMemberId
        : adminMemberIds[row.org];
  const label = (row: GrantRow) =>
    `${row.grantor === 'systemAdmin' ? 'the system admin' : `${row.org}'s admin`} in ${row.org}, to ${row.target}`;

  it.each(GRANT_MATRIX.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
    const token = grantorToken(row);
    const memberId = targetOf(row);
    const before = await profilesOf(row.org, memberId);
    // Lowering one's own profiles is allowed; after it every cell is an attempt to add.
    if (row.target === 'self') ok(await put(token, row.org, memberId, { profiles: [] }));
    const viaUpdate = {} as Record<Profile, GrantAnswer>;
    const viaNewAccount = {} as Record<Profile, GrantAnswer>;
    const viaInvitation = {} as Record<Profile, GrantAnswer>;
    const unchanged: string[] = [];
    for (const profile of PROFILES) {
      const res = await put(token, row.org, memberId, { profiles: [profile] });
      viaUpdate[profile] = answerOf(res);
      const now = await profilesOf(row.org, memberId);
      if (res.statusCode === 200) {
        expect(now, profile).toEqual([profile]);
        ok(await put(sysadmin, row.org, memberId, { profiles: [] }));
      } else if (now.length > 0) unchanged.push(`${profile}: refused but now holds ${now.join(',')}`);
      if (row.target === 'self') continue;
      serial += 1;
      viaNewAccount[profile] = answerOf(
        await send('POST', membersUrl(row.org), token, {
          mode: 'new',
          username: `gm_new_${serial}`,
          name: '授权矩阵',
          phone: '13900000098',
          password: FIRST_PASSWORD,
          profiles: [profile],
        }),
      );
      viaInvitation[profile] = answerOf(
        await send('POST', `/api/admin/orgs/${orgIds[row.org]}/invitations`, token, {
          username: `gm_invitee_${serial}`,
          profiles: [profile],
        }),
      );
    }
    expect(viaUpdate, 'PUT …/members/:memberId').toEqual(row.expected);
    expect(unchanged, 'a refused grant changes nothing').toEqual([]);
    if (row.target === 'other') {
      expect(viaNewAccount, 'POST …/members (new account)').toEqual(row.expected);
      expect(viaInvitation, 'POST …/invitations').toEqual(row.expected);
    } else if (before.length > 0) {
      // Put the grantor's own profiles back (the system admin may; the grantor itself may not).
      ok(await put(sysadmin, row.org, memberId, { profiles: before }));
    }
  });

  it.each(GRANT_MATRIX.filter((row) => row.target === 'other').map((row) => [label(row), row] as const))(
    'the member list offers %s exactly the profiles granted above',
    async (_label, row) => {
      const offered = (await listAs(grantorToken(row), row.org)).org.allowedProfiles;
      const granted = PROFILES.filter((p) => row.expected[p][0] === 200);
      expect([...offered].sort()).toEqual([...granted].sort());
    },
  );

  it.each(OWN_ADMIN_MATRIX.map((row) => [`${row.who} of ${row.org}`, row] as const))(
    'the admin flag on its own membership: %s',
    async (_label, row) => {
      const [token, memberId] =
        row.who === 'orgAdmin'
          ? [adminTokens[row.org], adminMemberIds[row.org]]
          : row.who === 'plainMember'
            ? [targetTokens[row.org], targetIds[row.org]]
            : [sysadmin, sysadminMemberId];
      const admins = async () =>
        (await listAs(sysadmin, row.org)).members.filter((m) => m.admin).map((m) => m.id);
      const before = await admins();
      expect(answerOf(await put(token, row.org, memberId, { admin: true }))).toEqual(row.expected);
      expect(await admins()).toEqual(before);
    },
  );
});
