import { sql } from 'drizzle-orm';
import { creditCodeCheckChar, regionLabel, type OrgType, type Profile } from '@drp/domain';
import type { Db } from '../database.js';
import { accounts, memberProfiles, members } from '../schema/accounts.js';
import { orgs } from '../schema/orgs.js';
import { hashPassword } from '../../lib/passwords.js';
import { seedDemoCreditForum } from './demo-credit-forum-seed.js';

export const DEMO_PASSWORD = 'Demo@2026';

interface DemoOrg {
  key: string;
  name: string;
  orgType: OrgType;
  regionCode: string;
  /** First 17 characters of the credit code; the check character is computed. */
  code17: string;
}

interface DemoAccount {
  username: string;
  name: string;
  phone: string;
  systemAdmin?: boolean;
  memberships: { org: string; admin: boolean; profiles: Profile[] }[];
}

export const DEMO_ORGS: DemoOrg[] = [
  {
    key: 'construct',
    name: '长沙市城市建设投资开发集团有限公司',
    orgType: 'CONSTRUCT',
    regionCode: '430104',
    code17: '91430100MA4L0C1X2',
  },
  {
    key: 'construct2',
    name: '湘江新区开发建设有限公司',
    orgType: 'CONSTRUCT',
    regionCode: '430112',
    code17: '91430100MA4Q7K3B5',
  },
  {
    key: 'design',
    name: '湖南省建筑设计院集团股份有限公司',
    orgType: 'DESIGN',
    regionCode: '430103',
    code17: '91430000183762240',
  },
  {
    key: 'design2',
    name: '中机国际工程设计研究院有限责任公司',
    orgType: 'DESIGN',
    regionCode: '430111',
    code17: '91430000444880339',
  },
  {
    key: 'survey',
    name: '湖南省勘测设计院有限公司',
    orgType: 'SURVEY',
    regionCode: '430105',
    code17: '91430000183760528',
  },
  {
    key: 'censor',
    name: '湖南省建设工程施工图审查中心有限公司',
    orgType: 'CENSOR',
    regionCode: '430102',
    code17: '91430102MA4PJ7N21',
  },
  {
    key: 'censor2',
    name: '长沙市建筑工程施工图审查有限公司',
    orgType: 'CENSOR',
    regionCode: '430102',
    code17: '91430102MA4L5R6T3',
  },
  {
    key: 'control',
    name: '长沙市住房和城乡建设局',
    orgType: 'CONTROL',
    regionCode: '430100',
    code17: '11430100006122781',
  },
  {
    key: 'operator',
    name: '湖南省住房和城乡建设厅',
    orgType: 'CONTROL',
    regionCode: '430000',
    code17: '11430000006094427',
  },
  {
    key: 'joint',
    name: '长沙市消防救援支队',
    orgType: 'JOINTTRIAL',
    regionCode: '430100',
    code17: '11430100MB1L3857X',
  },
];

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'sysadmin', name: '系统管理员', phone: '13800000000', systemAdmin: true, memberships: [] },
  {
    username: 'info_staff',
    name: '郭丽',
    phone: '13800000001',
    memberships: [{ org: 'operator', admin: false, profiles: ['INFORMATION_SERVICE'] }],
  },
  {
    username: 'construct_admin',
    name: '王建国',
    phone: '13800000011',
    memberships: [{ org: 'construct', admin: true, profiles: ['PROJECT_APPLICATION'] }],
  },
  {
    username: 'construct2_admin',
    name: '刘志强',
    phone: '13800000012',
    memberships: [{ org: 'construct2', admin: true, profiles: ['PROJECT_APPLICATION'] }],
  },
  {
    username: 'design_admin',
    name: '陈明',
    phone: '13800000021',
    memberships: [{ org: 'design', admin: true, profiles: ['DATA_UPLOAD'] }],
  },
  {
    username: 'design_user',
    name: '李娜',
    phone: '13800000022',
    memberships: [{ org: 'design', admin: false, profiles: ['DATA_UPLOAD'] }],
  },
  {
    username: 'design2_admin',
    name: '赵磊',
    phone: '13800000023',
    memberships: [{ org: 'design2', admin: true, profiles: ['DATA_UPLOAD'] }],
  },
  {
    username: 'survey_admin',
    name: '周平',
    phone: '13800000031',
    memberships: [{ org: 'survey', admin: true, profiles: ['DATA_UPLOAD'] }],
  },
  {
    username: 'censor_admin',
    name: '张伟',
    phone: '13800000041',
    memberships: [{ org: 'censor', admin: true, profiles: ['DRAWING_APPROVAL_ADMIN'] }],
  },
  {
    username: 'censor_director',
    name: '孙立',
    phone: '13800000042',
    memberships: [{ org: 'censor', admin: false, profiles: ['DRAWING_APPROVAL_DIRECTOR'] }],
  },
  {
    username: 'censor_reviewer',
    name: '吴芳',
    phone: '13800000043',
    memberships: [{ org: 'censor', admin: false, profiles: ['DRAWING_APPROVAL_NORMAL'] }],
  },
  {
    username: 'censor_reviewer2',
    name: '郑浩',
    phone: '13800000044',
    memberships: [{ org: 'censor', admin: false, profiles: ['DRAWING_APPROVAL_NORMAL'] }],
  },
  {
    username: 'censor_print',
    name: '冯敏',
    phone: '13800000045',
    memberships: [{ org: 'censor', admin: false, profiles: ['DRAWING_APPROVAL_PRINT'] }],
  },
  {
    username: 'censor2_admin',
    name: '何军',
    phone: '13800000046',
    memberships: [{ org: 'censor2', admin: true, profiles: ['DRAWING_APPROVAL_ADMIN'] }],
  },
  {
    username: 'control_admin',
    name: '黄涛',
    phone: '13800000051',
    memberships: [{ org: 'control', admin: true, profiles: ['ONLINE_SUPERVISION'] }],
  },
  {
    username: 'joint_admin',
    name: '林静',
    phone: '13800000061',
    memberships: [{ org: 'joint', admin: true, profiles: ['ONLINE_CENSOR'] }],
  },
  {
    username: 'multi_user',
    name: '许文',
    phone: '13800000071',
    memberships: [
      { org: 'design', admin: false, profiles: ['DATA_UPLOAD'] },
      { org: 'survey', admin: false, profiles: ['DATA_UPLOAD'] },
    ],
  },
];

/** Fills an empty database with the demo organisations and accounts; does nothing otherwise. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts against one PostgreSQL database.
    await tx.execute(sql`select pg_advisory_xact_lock(20261121)`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(accounts);
    if (count > 0) return false;

    const orgIds = new Map<string, string>();
    for (const org of DEMO_ORGS) {
      const [row] = await tx
        .insert(orgs)
        .values({
          name: org.name,
          orgType: org.orgType,
          regionCode: org.regionCode,
          address: `${regionLabel(org.regionCode).replaceAll('/', '')}`,
          contactName:
            DEMO_ACCOUNTS.find((a) => a.memberships.some((m) => m.org === org.key && m.admin))?.name ?? null,
          contactPhone:
            DEMO_ACCOUNTS.find((a) => a.memberships.some((m) => m.org === org.key && m.admin))?.phone ?? null,
          creditCode: `${org.code17}${creditCodeCheckChar(org.code17)}`,
          platformOperator: org.key === 'operator',
        })
        .returning({ id: orgs.id });
      orgIds.set(org.key, row!.id);
    }
    for (const demo of DEMO_ACCOUNTS) {
      const [account] = await tx
        .insert(accounts)
        .values({
          username: demo.username,
          name: demo.name,
          phone: demo.phone,
          systemAdmin: demo.systemAdmin ?? false,
          passwordHash: await hashPassword(DEMO_PASSWORD),
        })
        .returning({ id: accounts.id });
      for (const membership of demo.memberships) {
        const [member] = await tx
          .insert(members)
          .values({ accountId: account!.id, orgId: orgIds.get(membership.org)!, admin: membership.admin })
          .returning({ id: members.id });
        if (membership.profiles.length > 0)
          await tx
            .insert(memberProfiles)
            .values(membership.profiles.map((profile) => ({ memberId: member!.id, profile })));
      }
    }
    await seedDemoCreditForum(tx);
    return true;
  });
}
