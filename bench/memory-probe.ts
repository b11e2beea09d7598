// Loaded into the benchmarked server process with `node --import ./bench/memory-probe.ts`
// (bench/server.ts), never by the server itself: answers the bench's `memory` message on the IPC
// channel with the process's memory (heap and RSS, measured at 20,000 teachers).

type Ask = { type: 'memory' }

process.on('message', (message: Ask) => {
  if (message?.type !== 'memory') return
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
  process.send?.({ type: 'memory', rss, heapUsed, heapTotal, external, arrayBuffers })
})
// The channel must not keep a server that is shutting down alive.
process.channel?.unref()
