import type { LearncubeConfig } from '../../config.ts'

// LearnCube's virtual classroom, an outside service, through its REST API: an API token for the
// school's keys, and one classroom per lesson named by the lesson's room token (room_token,
// product-rules.md "Records and fields"). Tests stand a fake LearnCube in at `LEARNCUBE_API_URL`.

const REQUEST_TIMEOUT_MS = 10_000

export class LearncubeError extends Error {}

export type Classroom = { start: Date; end: Date; description: string }

export type Learncube = {
  /**
   * An API token for the school's keys: what the REST calls carry, and what the classroom's
   * script gets from the validation URL (LearnCube's validation flow).
   */
  apiToken(): Promise<string>
  /** Creates the lesson's classroom (two participants, not recorded); its LearnCube id. */
  createClassroom(roomToken: string, classroom: Classroom): Promise<string>
}

async function answerOf(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text()
  if (!response.ok) throw new LearncubeError(`LearnCube ${what}: ${response.status} ${text.slice(0, 200)}`)
  try {
    const body: unknown = JSON.parse(text)
    if (typeof body === 'object' && body !== null) return body as Record<string, unknown>
  } catch {
    // reported below
  }
  throw new LearncubeError(`LearnCube ${what}: not a JSON object`)
}

export function createLearncube(config: LearncubeConfig, fetchImpl: typeof fetch = fetch): Learncube {
  const post = (path: string, body: unknown, token?: string) =>
    fetchImpl(`${config.apiUrl}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })

  const apiToken = async () => {
    const answer = await answerOf(
      await post('get-api-token/', {
        api_public_key: config.publicKey,
        api_private_key: config.privateKey,
      }),
      'get-api-token',
    )
    if (typeof answer.token !== 'string') throw new LearncubeError('LearnCube get-api-token: no token')
    return answer.token
  }

  return {
    apiToken,
    async createClassroom(roomToken, classroom) {
      const answer = await answerOf(
        await post(
          'classrooms/',
          {
            room_token: roomToken,
            start: classroom.start.toISOString(),
            end: classroom.end.toISOString(),
            description: classroom.description,
            max_participants: 2,
            cancelled: false,
            record_class: false,
          },
          await apiToken(),
        ),
        'classrooms',
      )
      if (typeof answer.uuid !== 'string') throw new LearncubeError('LearnCube classrooms: no uuid')
      return answer.uuid
    },
  }
}
