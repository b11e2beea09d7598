// The few parts of s3rver (a dev dependency without types) the tests use: test-support/s3-server.ts.
declare module 's3rver' {
  type Options = {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }
  export default class S3rver {
    constructor(options?: Options)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
