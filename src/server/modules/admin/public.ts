// What other modules may use of admin (docs/decisions.md "A module's public file"); the rest of
// the folder is its own.

export { type AuditActor, CLI_ACTOR, writeAudit } from './audit-repository.ts'
export { secondFactorState } from './second-factor.ts'
