import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './schema.ts'

// The school's console: operators' second factor and the audit log.

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * An operator's TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s), encrypted with AES-256-GCM
 * (modules/admin/secret-box.ts). `enabledAt` null: enrolment started, not confirmed by a code yet.
 * `lastStep`: the last time step whose code was accepted, so a code is not accepted twice.
 */
export const operatorSecondFactors = pgTable('operator_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: at('enabled_at'),
  /**
   * When the operator said the recovery codes are kept (docs/decisions.md "The console opens once
   * the recovery codes are kept"): the console's APIs answer only after it.
   */
  codesKeptAt: at('codes_kept_at'),
  lastStep: integer('last_step'),
  createdAt: at('created_at').notNull().defaultNow(),
})

/** One-time recovery codes of an operator, stored as SHA-256 hashes; `usedAt` set on their one use. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('operator_recovery_codes_user_idx').on(t.userId)],
)

/**
 * Every operator action (console or CLI), written in the change's own transaction; append-only:
 * the app's role may only INSERT and SELECT (db/roles.ts), and a trigger refuses UPDATE, DELETE
 * and TRUNCATE (migration 0020). `actorId` has no foreign key, so
 * the entries of a deleted account stay as they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['operator', 'cli'] }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
)
