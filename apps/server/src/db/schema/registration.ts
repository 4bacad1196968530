import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationStatus, OrgType, QualificationType } from '@drp/domain';

/** Files received before the form that names them is sent (the business licence). */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull().unique(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An enterprise's application to join the platform. The admin account exists only after
 * approval; until then the chosen password waits here, hashed.
 */
export const orgApplications = pgTable(
  'org_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<ApplicationStatus>().notNull().default('PENDING'),
    orgType: text('org_type').$type<OrgType>().notNull(),
    name: text('name').notNull(),
    creditCode: text('credit_code').notNull(),
    regionCode: text('region_code').notNull(),
    address: text('address').notNull(),
    legalRepresentative: text('legal_representative').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** 资质类型; null on applications from before registration asked for it. */
    qualificationType: text('qualification_type').$type<QualificationType>(),
    qualificationNo: text('qualification_no'),
    /** 甲级, 乙级… (QUALIFICATION_GRADES), or what an older application typed. */
    qualificationGrade: text('qualification_grade'),
    /** 有效期至. */
    qualificationValidUntil: date('qualification_valid_until', { mode: 'string' }),
    licenceUploadId: uuid('licence_upload_id')
      .notNull()
      .references(() => uploads.id),
    adminUsername: text('admin_username').notNull(),
    adminName: text('admin_name').notNull(),
    adminPhone: text('admin_phone').notNull(),
    adminPasswordHash: text('admin_password_hash').notNull(),
    rejectReason: text('reject_reason'),
    orgId: uuid('org_id'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('org_applications_status_idx').on(t.status),
    index('org_applications_username_idx').on(t.adminUsername),
    index('org_applications_credit_code_idx').on(t.creditCode),
  ],
);
