import { lookup as systemLookup } from 'node:dns/promises'
import { BlockList, isIP, type LookupFunction } from 'node:net'

// Where the server may send a push: a browser hands the app an endpoint, but the app then POSTs
// to it, with retries, whenever a lesson is booked; a user-chosen address would make the server a
// probe of its own network. So an endpoint must be on a push service's host (the allow-list) and
// reach only public addresses, checked when it is subscribed and again by the connection's own
// name lookup when a push goes out (a name that resolves elsewhere since is refused then):
// docs/decisions.md "Push only to the push services".

/** A name's addresses; the system's resolver, or a test's. */
export type Resolve = (hostname: string) => Promise<string[]>

export type PushPolicy = {
  /** Hosts an endpoint may name; `*.example.com` admits its subdomains (PUSH_HOSTS). */
  hosts: string[]
  /** http:// endpoints too (PUSH_HTTP_ENDPOINTS: a local stand-in of a push service). */
  httpEndpoints: boolean
  /** Loopback and private addresses too (PUSH_PRIVATE_ADDRESSES: the stand-in again). */
  privateAddresses: boolean
  resolve: Resolve
}

export const systemResolve: Resolve = async (hostname) =>
  (await systemLookup(hostname, { all: true, verbatim: true })).map((found) => found.address)

// Loopback, private, shared (carrier NAT), link-local (the clouds' metadata at 169.254.169.254),
// documentation, benchmarking, multicast and reserved ranges: never a push service.
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  // An IPv4-mapped address (::ffff:a.b.c.d) is checked against the IPv4 ranges by BlockList itself.
  ['::', 127],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')

/** Whether `address` (an IP address) is a public one. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  return !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

/** Whether `hostname` is on the allow-list (exactly, or under a `*.` entry). */
export function isPushHost(hostname: string, hosts: string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return hosts.some((entry) => {
    const allowed = entry.toLowerCase()
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed
  })
}

/** The URL's host without an IPv6 literal's brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

export type EndpointProblem = 'scheme' | 'host' | 'address'

/** Why the server may not send to `endpoint`, or null when it may. */
export async function endpointProblem(endpoint: string, policy: PushPolicy): Promise<EndpointProblem | null> {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'scheme'
  }
  if (url.protocol !== 'https:' && !(policy.httpEndpoints && url.protocol === 'http:')) return 'scheme'
  const host = bareHost(url)
  if (url.username || url.password || !isPushHost(host, policy.hosts)) return 'host'
  if (policy.privateAddresses) return null
  // A name that does not resolve now is checked again when a push goes out (connectionLookup).
  const addresses = isIP(host) ? [host] : await policy.resolve(host).catch(() => [])
  return addresses.every(isPublicAddress) ? null : 'address'
}

/**
 * The name lookup of a push's connection: the policy's resolver, and only public addresses, so the
 * address connected to is the one checked (a name answered differently since is refused).
 */
export function connectionLookup(policy: PushPolicy): LookupFunction {
  return (hostname, options, callback) => {
    policy.resolve(hostname).then(
      (addresses) => {
        const usable = policy.privateAddresses || addresses.every(isPublicAddress)
        const [first] = addresses
        if (!usable || first === undefined) {
          callback(
            Object.assign(new Error(`${hostname} is not a public address`), { code: 'EPUSHADDRESS' }),
            '',
          )
          return
        }
        const family = (address: string) => (isIP(address) === 6 ? 6 : 4)
        if (options.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: family(address) })),
          )
        else callback(null, first, family(first))
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    )
  }
}
