import { runOps } from '../cli/ops.ts'
import { storyClockFrom } from './story-clock.ts'

// The operator commands as the journeys run them: cli/ops.ts, on the story clock when the
// environment sets one (story-clock.ts), so a command agrees with the server on "now".
process.exitCode = await runOps(process.argv.slice(2), process.env, console, storyClockFrom(process.env))
