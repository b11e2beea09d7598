import { runServer } from '../main.ts'
import { storyClockFrom } from './story-clock.ts'

// The server as the tests start it (the journeys' server, a journey's own, the integration tests'
// server processes): main.ts, on the story clock when the environment sets one (story-clock.ts).
await runServer({ clock: storyClockFrom(process.env) })
