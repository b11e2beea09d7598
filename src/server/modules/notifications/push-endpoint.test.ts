import { describe, expect, it } from 'vitest'
import { isPublicAddress, isPushHost } from './push-endpoint.ts'

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.0.0.5', false],
    ['172.20.1.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.100.100.200', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['fd00:ec2::254', false],
    ['fe80::1', false],
    ['localhost', false],
    ['142.250.74.10', true],
    ['2a00:1450:4001:80e::200a', true],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected)
  })
})

describe('isPushHost', () => {
  const hosts = ['fcm.googleapis.com', '*.notify.windows.com']
  it.each([
    ['fcm.googleapis.com', true],
    ['FCM.googleapis.com.', true],
    ['wns2-by3p.notify.windows.com', true],
    ['notify.windows.com', false],
    ['evilnotify.windows.com', false],
    ['fcm.googleapis.com.evil.example', false],
    ['googleapis.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isPushHost(host, hosts)).toBe(expected)
  })
})
