import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrgType } from '@drp/domain';

export const orgs = pgTable(
  'orgs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    orgType: text('org_type').$type<OrgType>().notNull(),
    /** 统一社会信用代码; unique where given. */
    creditCode: text('credit_code').unique(),
    /** GB/T 2260 administrative division code, e.g. 430104 (岳麓区). */
    regionCode: text('region_code'),
    address: text('address'),
    legalRepresentative: text('legal_representative'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    qualificationNo: text('qualification_no'),
    qualificationGrade: text('qualification_grade'),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The platform operator (the provincial housing department): the one organisation whose members
     * may hold the platform-staff profiles (INFORMATION_SERVICE, SYSTEM_ADMIN), granted by the
     * system admin alone. A CONTROL type by itself grants nothing of the platform's.
     */
    platformOperator: boolean('platform_operator').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orgs_one_platform_operator_uq')
      .on(t.platformOperator)
      .where(sql`platform_operator`),
  ],
);
