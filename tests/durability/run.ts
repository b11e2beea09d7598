import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { clusterDir } from '../../src/server/db/embedded/cluster.ts'
import { processesOn, waitForExit } from '../../src/server/db/embedded/processes.ts'
import { type ServerProcess, startServerProcess } from '../../src/server/test-support/server-process.ts'
import { startLoad } from './load.ts'
import { createRig, loopDevicesAvailable, type Rig } from './rig.ts'
import { prepareLoad } from './setup.ts'
import { verify } from './verify.ts'

// `npm run test:durability` (run by .ci/run as root): the server on its embedded
// default database, DATA_DIR on an ext4 image (rig.ts), takes bookings, notes, cancellations,
// ratings and material uploads through its API; then, at a random moment,
// - power-cut: the image is copied as the disk held it, the server killed, the copy started;
// - kill: every process (the server and PostgreSQL) is killed with SIGKILL and started again;
// and every write answered 2xx before that moment must be there exactly once, every acknowledged
// file readable with its bytes. DURABILITY_RUNS runs of each (default 3).

const RUNS = Number(process.env.DURABILITY_RUNS ?? 3)
const MODES = (process.env.DURABILITY_MODES ?? 'power-cut,kill').split(',')
const STUDENTS = 8
const FINISHED_EACH = 6

type Outcome = { mode: string; run: number; acked: number; lost: string[]; detail: string; seconds: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function killEverything(server: ServerProcess, dataDir: string): Promise<void> {
  // PostgreSQL first: no commit may land after the moment.
  const postgres = processesOn(clusterDir(dataDir))
  for (const pid of postgres) process.kill(pid, 'SIGKILL')
  // Until the server has exited too, its open files (uploads under DATA_DIR) keep the disk busy:
  // unmounting it at once failed once in CI ("target is busy").
  const serverGone = server.stop('SIGKILL')
  await waitForExit(postgres, 10_000)
  await serverGone
}

async function oneRun(rig: Rig, work: string, mode: string, run: number): Promise<Outcome> {
  const started = performance.now()
  const outer = path.join(work, 'outer')
  const innerImage = path.join(outer, `inner-${mode}-${run}.img`)
  const innerMount = path.join(work, 'inner')
  rig.mountImage(innerImage, 2, innerMount)
  const dataDir = path.join(innerMount, 'data')
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'true' })
  let checkDir = dataDir
  let checkMount: string | null = null
  try {
    const plan = await prepareLoad(dataDir, STUDENTS, FINISHED_EACH)
    const load = startLoad(server.url, plan)
    await sleep(2500 + Math.random() * 3500)
    // Everything answered so far must survive. Nothing else runs in this process until the copy
    // is made: the calls below block it.
    const acked = load.acks.slice()
    if (mode === 'power-cut') {
      const copy = path.join(work, `copy-${run}.img`)
      rig.freeze(outer)
      try {
        execFileSync('cp', ['--sparse=always', innerImage, copy])
      } finally {
        rig.thaw(outer)
      }
      load.halt()
      await killEverything(server, dataDir)
      await load.settled()
      rig.unmount(innerMount)
      checkMount = path.join(work, 'copy')
      rig.mountExisting(copy, checkMount)
      checkDir = path.join(checkMount, 'data')
    } else {
      load.halt()
      await killEverything(server, dataDir)
      const errors = await load.settled()
      if (errors.length > 0) throw errors[0]
    }
    const restarted = await startServerProcess({ DATA_DIR: checkDir, DEMO_DATA: 'true' }, 300_000)
    try {
      const verdict = await verify(restarted.url, acked, load.cancelsSent)
      const detail = Object.entries(verdict.checked)
        .map(([kind, n]) => `${n} ${kind}s`)
        .join(', ')
      return { mode, run, acked: acked.length, lost: verdict.lost, detail, seconds: 0 }
    } finally {
      await restarted.stop()
    }
  } finally {
    await server.stop('SIGKILL')
    for (const pid of processesOn(clusterDir(checkDir))) process.kill(pid, 'SIGKILL')
    if (checkMount) rig.unmount(checkMount)
    else rig.unmount(innerMount)
    rmSync(innerImage, { force: true })
    rmSync(path.join(work, `copy-${run}.img`), { force: true })
    console.log(`  ${mode} run ${run}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
}

async function main(): Promise<number> {
  const problem = loopDevicesAvailable()
  if (problem) {
    console.error(problem)
    return 2
  }
  delete process.env.DATABASE_URL
  const work = mkdtempSync('/tmp/lk-durability-')
  // PostgreSQL runs as its own user: it must pass through to the data directories.
  chmodSync(work, 0o711)
  const rig = createRig()
  const abort = () => {
    rig.cleanUp()
    rmSync(work, { recursive: true, force: true })
    process.exit(130)
  }
  process.once('SIGINT', abort)
  process.once('SIGTERM', abort)
  const outcomes: Outcome[] = []
  try {
    rig.mountImage(path.join(work, 'outer.img'), 8, path.join(work, 'outer'), 'noatime')
    for (const mode of MODES) {
      for (let run = 1; run <= RUNS; run++) outcomes.push(await oneRun(rig, work, mode, run))
    }
  } finally {
    rig.cleanUp()
    rmSync(work, { recursive: true, force: true })
  }
  let lost = 0
  for (const o of outcomes) {
    console.log(`${o.mode} run ${o.run}: ${o.acked} acknowledged writes (${o.detail}), ${o.lost.length} lost`)
    for (const line of o.lost.slice(0, 10)) console.log(`    ${line}`)
    lost += o.lost.length
  }
  const total = outcomes.reduce((sum, o) => sum + o.acked, 0)
  console.log(`\n${total} acknowledged writes over ${outcomes.length} runs, ${lost} lost`)
  return lost === 0 && outcomes.length > 0 ? 0 : 1
}

process.exitCode = await main()
