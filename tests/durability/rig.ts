import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'

// The disks of the durability test (README.md "Durability test"): ext4 file systems on loop
// devices, nested so that one can be frozen without touching the other.
//
//   host /tmp ── outer.img ─(loop)─ ext4 "outer", mounted noatime
//                   └── inner.img ─(loop)─ ext4 "inner": DATA_DIR of the server under test
//
// "The image copied as the disk held it": the inner file system's disk is inner.img, and what it
// holds is what the inner loop device has been given — not what sits in the inner ext4's page
// cache (dirty pages, unwritten journal: lost in a power cut), and not the block device's own
// buffer cache (where ext4 keeps dirty metadata; reading /dev/loopN through it would show
// writes the disk never got). Reading inner.img gives exactly the former. A copy taken while the
// server writes would tear, though: blocks read early and blocks read late come from different
// instants, a state no power cut produces. Freezing "outer" (fsfreeze) stops every write to
// inner.img — the inner loop device's writes block, the inner file system is not flushed — so
// inner.img is copied as it was at one instant, then outer is thawed. Device-mapper's suspend
// would do the same on one level, but this kernel has no device-mapper.

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 }).trim()

export type Rig = {
  /** Creates a sparse ext4 image, attaches and mounts it; returns the loop device. */
  mountImage(image: string, sizeGb: number, mountPoint: string, options?: string): string
  /** Attaches and mounts an existing image (a copy). */
  mountExisting(image: string, mountPoint: string): string
  unmount(mountPoint: string): void
  freeze(mountPoint: string): void
  thaw(mountPoint: string): void
  /** Undoes everything still mounted, attached or frozen, in reverse order. */
  cleanUp(): void
}

export function createRig(): Rig {
  const undo: { key: string; action: () => void }[] = []
  const remember = (key: string, action: () => void) => undo.push({ key, action })
  const forget = (key: string) => {
    const index = undo.findLastIndex((entry) => entry.key === key)
    if (index >= 0) undo.splice(index, 1)
  }
  const attachAndMount = (image: string, mountPoint: string, options: string) => {
    const device = run('losetup', ['--find', '--show', image])
    remember(`loop:${device}`, () => run('losetup', ['--detach', device]))
    mkdirSync(mountPoint, { recursive: true })
    run('mount', ['-o', options, device, mountPoint])
    remember(`mount:${mountPoint}`, () => run('umount', [mountPoint]))
    return device
  }
  const devices = new Map<string, string>()
  return {
    mountImage(image, sizeGb, mountPoint, options = 'defaults') {
      run('truncate', ['-s', `${sizeGb}G`, image])
      remember(`file:${image}`, () => rmSync(image, { force: true }))
      run('mkfs.ext4', ['-q', '-F', image])
      const device = attachAndMount(image, mountPoint, options)
      devices.set(mountPoint, device)
      return device
    },
    mountExisting(image, mountPoint) {
      remember(`file:${image}`, () => rmSync(image, { force: true }))
      const device = attachAndMount(image, mountPoint, 'defaults')
      devices.set(mountPoint, device)
      return device
    },
    unmount(mountPoint) {
      run('umount', [mountPoint])
      forget(`mount:${mountPoint}`)
      const device = devices.get(mountPoint)
      if (device) {
        run('losetup', ['--detach', device])
        forget(`loop:${device}`)
        devices.delete(mountPoint)
      }
    },
    freeze(mountPoint) {
      run('fsfreeze', ['--freeze', mountPoint])
      remember(`frozen:${mountPoint}`, () => run('fsfreeze', ['--unfreeze', mountPoint]))
    },
    thaw(mountPoint) {
      run('fsfreeze', ['--unfreeze', mountPoint])
      forget(`frozen:${mountPoint}`)
    },
    cleanUp() {
      while (undo.length > 0) {
        const entry = undo.pop()
        try {
          entry?.action()
        } catch (error) {
          console.error(`clean-up of ${entry?.key} failed: ${String(error)}`)
        }
      }
    },
  }
}

/** Whether loop devices can be made here (root, /dev/loop-control, losetup). */
export function loopDevicesAvailable(): string | null {
  if (process.getuid?.() !== 0) return 'the durability test needs root (loop devices, mount, fsfreeze)'
  try {
    run('losetup', ['--find'])
    return null
  } catch (error) {
    return `no loop device can be attached here: ${String(error)}`
  }
}

export const imagePath = (dir: string, name: string) => path.join(dir, `${name}.img`)
