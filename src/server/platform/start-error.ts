/**
 * A start that cannot go on, for a reason the person starting it can fix: its message is one plain
 * sentence that says what to do, printed without a stack trace (main.ts, cli/ops.ts).
 */
export class StartError extends Error {}
