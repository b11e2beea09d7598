import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_PUSH_HOSTS, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT: PORT must be a whole number/)
  })

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', SESSION_TTL_HOURS: '0' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const message = error instanceof Error ? error.message : ''
      expect(message).toContain('PORT must be at most 65535')
      expect(message).toContain('DATABASE_URL must start with postgres: or postgresql:')
      expect(message).toContain('SESSION_TTL_HOURS must be at least 1')
    }
  })

  it('has defaults for the embedded mode', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      sessionTtlMs: 12 * 3_600_000,
      rememberTtlMs: 30 * 86_400_000,
      demoData: true,
    })
  })

  it('drops a trailing slash of PUBLIC_URL and reads DEMO_DATA', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://lektorium.example/', DEMO_DATA: 'false' })
    expect(config.publicUrl).toBe('https://lektorium.example')
    expect(config.demoData).toBe(false)
  })

  it('reads FILES_SECRET, which must be long enough to sign file URLs', () => {
    expect(loadConfig({}).filesSecret).toBeUndefined()
    expect(loadConfig({ FILES_SECRET: 'x'.repeat(32) }).filesSecret).toBe('x'.repeat(32))
    expect(() => loadConfig({ FILES_SECRET: 'short' })).toThrow(/FILES_SECRET must be at least 32 characters/)
  })

  it('reads OPERATOR_EMAIL, the school’s address for lack-of-slots reports', () => {
    expect(loadConfig({}).operatorEmail).toBeUndefined()
    expect(loadConfig({ OPERATOR_EMAIL: 'szkola@example.pl' }).operatorEmail).toBe('szkola@example.pl')
    expect(() => loadConfig({ OPERATOR_EMAIL: 'szkola' })).toThrow(/OPERATOR_EMAIL must be an e-mail address/)
  })

  it('reads the ICE servers of the lesson room, none by default', () => {
    expect(loadConfig({}).ice).toEqual({
      stunUrls: [],
      turnUrls: [],
      turnSecret: undefined,
      transportPolicy: 'all',
    })
    const config = loadConfig({
      STUN_URLS: 'stun:stun.example:3478',
      TURN_URLS: 'turn:turn.example:3478?transport=udp, turns:turn.example:5349',
      TURN_SECRET: 's'.repeat(16),
      ICE_TRANSPORT_POLICY: 'relay',
    })
    expect(config.ice).toEqual({
      stunUrls: ['stun:stun.example:3478'],
      turnUrls: ['turn:turn.example:3478?transport=udp', 'turns:turn.example:5349'],
      turnSecret: 's'.repeat(16),
      transportPolicy: 'relay',
    })
  })

  it('refuses TURN without its secret, a relay policy without TURN and URLs of the wrong scheme', () => {
    expect(() => loadConfig({ TURN_URLS: 'turn:x:3478' })).toThrow(/TURN_URLS needs TURN_SECRET/)
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'relay' })).toThrow(/relay needs TURN_URLS/)
    expect(() => loadConfig({ STUN_URLS: 'http://x' })).toThrow(/STUN_URLS must be a comma-separated list/)
  })

  it('reads the group servers, aligned, and refuses a half or misaligned configuration', () => {
    const janus = {
      JANUS_URL: 'http://10.0.0.5:8088/janus/, http://10.0.0.6:8088/janus',
      JANUS_PUBLIC_URL: 'wss://janus1.example,wss://janus2.example',
      JANUS_ADMIN_KEY: 'k'.repeat(16),
      JANUS_TOKEN_SECRET: 't'.repeat(16),
    }
    expect(loadConfig(janus).janus).toEqual({
      servers: [
        { url: 'http://10.0.0.5:8088/janus', publicUrl: 'wss://janus1.example' },
        { url: 'http://10.0.0.6:8088/janus', publicUrl: 'wss://janus2.example' },
      ],
      adminKey: 'k'.repeat(16),
      tokenSecret: 't'.repeat(16),
    })
    expect(loadConfig({}).janus).toBeUndefined()
    expect(() => loadConfig({ ...janus, JANUS_TOKEN_SECRET: undefined })).toThrow(
      /JANUS_URL needs JANUS_TOKEN_SECRET/,
    )
    expect(() => loadConfig({ JANUS_ADMIN_KEY: 'k'.repeat(16) })).toThrow(/JANUS_ADMIN_KEY needs JANUS_URL/)
    expect(() => loadConfig({ ...janus, JANUS_PUBLIC_URL: 'wss://janus1.example' })).toThrow(
      /names 1 servers, JANUS_URL 2/,
    )
    expect(() => loadConfig({ ...janus, JANUS_PUBLIC_URL: 'http://x,http://y' })).toThrow(
      /JANUS_PUBLIC_URL must be a comma-separated list of ws: or wss:/,
    )
  })

  describe('video providers', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

    it('uses the built-in room and no outside classroom by default', () => {
      expect(loadConfig({}).video).toEqual({
        defaultProvider: 'builtin',
        vonage: undefined,
        learncube: undefined,
      })
    })

    it("reads Vonage's key as the PEM itself, with escaped newlines, or from a file", () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'lk-key-'))
      const file = path.join(dir, 'vonage.key')
      writeFileSync(file, pem)
      for (const key of [pem, pem.replaceAll('\n', '\\n'), file]) {
        const config = loadConfig({
          VONAGE_APPLICATION_ID: 'app',
          VONAGE_PRIVATE_KEY: key,
          VIDEO_PROVIDER: 'vonage',
        })
        expect(config.video).toMatchObject({
          defaultProvider: 'vonage',
          vonage: { applicationId: 'app', privateKey: pem, apiUrl: 'https://video.api.vonage.com' },
        })
      }
      rmSync(dir, { recursive: true })
    })

    it('stops at start, naming the variable, when a key is missing or unreadable', () => {
      expect(() => loadConfig({ VONAGE_APPLICATION_ID: 'app' })).toThrow(
        /VONAGE_PRIVATE_KEY: Vonage needs both/,
      )
      expect(() => loadConfig({ VONAGE_PRIVATE_KEY: pem })).toThrow(
        /VONAGE_APPLICATION_ID: Vonage needs both/,
      )
      expect(() =>
        loadConfig({ VONAGE_APPLICATION_ID: 'app', VONAGE_PRIVATE_KEY: '/nonexistent/vonage.key' }),
      ).toThrow(/VONAGE_PRIVATE_KEY: cannot read the key file \/nonexistent\/vonage.key \(ENOENT\)/)
      expect(() =>
        loadConfig({ VONAGE_APPLICATION_ID: 'app', VONAGE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnope' }),
      ).toThrow(/VONAGE_PRIVATE_KEY: is not a PEM private key/)
      expect(() => loadConfig({ VIDEO_PROVIDER: 'vonage' })).toThrow(/VIDEO_PROVIDER=vonage needs/)
      expect(() => loadConfig({ VIDEO_PROVIDER: 'zoom' })).toThrow(/VIDEO_PROVIDER must be builtin or vonage/)
      expect(() => loadConfig({ LEARNCUBE_PUBLIC_KEY: 'pk' })).toThrow(
        /LEARNCUBE_PRIVATE_KEY: LearnCube needs both/,
      )
      expect(() => loadConfig({ LEARNCUBE_PRIVATE_KEY: 'k'.repeat(16) })).toThrow(/LEARNCUBE_PUBLIC_KEY/)
    })

    it("reads LearnCube's keys, with its API and client script by default", () => {
      const config = loadConfig({ LEARNCUBE_PUBLIC_KEY: 'pk', LEARNCUBE_PRIVATE_KEY: 'k'.repeat(16) })
      expect(config.video.learncube).toEqual({
        publicKey: 'pk',
        privateKey: 'k'.repeat(16),
        apiUrl: 'https://app.learncube.com/api/virtual-classroom',
        clientUrl: 'https://static.learncube.net/client/virtualclassroom.api.0.1.6.js',
        styleUrl: 'https://static.learncube.net/client/virtualclassroom.api.0.1.6.css',
      })
    })
  })

  // Web push's VAPID contact and the stand-in's plain-http endpoints.
  it("names the mail sender as web push's VAPID subject unless VAPID_SUBJECT is set, and checks it", () => {
    expect(loadConfig({ MAIL_FROM: 'szkola@lektorium.pl' }).push).toEqual({
      vapidSubject: 'mailto:szkola@lektorium.pl',
      httpEndpoints: false,
      hosts: DEFAULT_PUSH_HOSTS,
      privateAddresses: false,
    })
    expect(
      loadConfig({
        VAPID_SUBJECT: 'https://lektorium.pl/kontakt',
        PUSH_HTTP_ENDPOINTS: 'true',
        PUSH_HOSTS: ' 127.0.0.1, *.Push.example ',
        PUSH_PRIVATE_ADDRESSES: 'true',
      }).push,
    ).toEqual({
      vapidSubject: 'https://lektorium.pl/kontakt',
      httpEndpoints: true,
      hosts: ['127.0.0.1', '*.push.example'],
      privateAddresses: true,
    })
    expect(() => loadConfig({ PUSH_HOSTS: ' , ' })).toThrow(/PUSH_HOSTS must name at least one host/)
    expect(() => loadConfig({ PUSH_HOSTS: 'https://fcm.googleapis.com/' })).toThrow(
      /PUSH_HOSTS must be host names/,
    )
    for (const bad of ['szkola@lektorium.pl', 'http://lektorium.pl', 'mailto:'])
      expect(() => loadConfig({ VAPID_SUBJECT: bad })).toThrow(
        /VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/,
      )
    expect(() => loadConfig({ PUSH_HTTP_ENDPOINTS: 'yes' })).toThrow(
      /PUSH_HTTP_ENDPOINTS must be true or false/,
    )
  })

  // Files in S3, metrics, draining.
  it('reads the S3 bucket, needing it for any other S3 setting and both keys or neither', () => {
    expect(loadConfig({}).s3).toBeUndefined()
    expect(
      loadConfig({
        S3_BUCKET: 'lektorium',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'lektorium',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'eu-central-1' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-central-1',
      accessKeyId: undefined,
      forcePathStyle: false,
    })
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET: S3_ENDPOINT needs S3_BUCKET/,
    )
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_REGION: S3_BUCKET needs S3_REGION/)
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3 needs both/,
    )
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT must start with/,
    )
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_REGION: 'r', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE must be true or false/,
    )
  })

  it('keeps metrics off unless a port or a token is given, and drains 25 s by default', () => {
    expect(loadConfig({})).toMatchObject({
      metrics: { port: undefined, host: '127.0.0.1', token: undefined },
      drainMs: 25_000,
    })
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'a-token-of-16-chars', DRAIN_SECONDS: '5' }),
    ).toMatchObject({
      metrics: { port: 9464, token: 'a-token-of-16-chars' },
      drainMs: 5000,
    })
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    )
  })
})
