import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  chatListQuery,
  chatPostSchema,
  generateTokenSchema,
  learncubeValidateQuery,
  lessonInteractionSchema,
  ROOM_MESSAGE_MAX_BYTES,
} from '../../../domain/api/room.ts'
import { currentSession, currentUser } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import { parseInput } from '../../platform/validate.ts'
import { listChat, postChat } from './chat.ts'
import { createInteraction } from './interactions.ts'
import { learncubeToken } from './learncube-validate.ts'
import { createRoomTokens, loadRoomSecret } from './room-token.ts'
import { enterRoom, isSameOrigin } from './socket-entry.ts'
import { generateToken } from './token-service.ts'

// The lesson room (docs/lesson-room-protocol.md): lessons/generate_token and
// lesson_interactions/create, the chat stored with the lesson, and the signalling WebSocket.

export async function roomRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }
  const secret = await loadRoomSecret(ctx.db, ctx.config)
  const tokens = createRoomTokens(secret)
  // A key of its own: a socket's token never passes as a LearnCube grant, nor the other way.
  const signers = { tokens, learncubeGrants: createRoomTokens(`${secret}:learncube-validate`) }
  const hub = ctx.roomHub

  // Messages over 64 KiB close the socket with 1009 (protocol §2). The hub closes its sockets
  // itself (1012), recording their leaving while the database is still there.
  await app.register(websocket, {
    options: { maxPayload: ROOM_MESSAGE_MAX_BYTES },
    // A frame too large or not UTF-8 is the client's fault (ws has closed it with 1009/1007).
    errorHandler: (error, socket, request) => {
      const code = Reflect.get(error, 'code')
      if (typeof code === 'string' && code.startsWith('WS_ERR_'))
        request.log.info({ code }, 'room socket refused a frame')
      else request.log.error({ err: error }, 'room socket failed')
      socket.terminate()
    },
    preClose: async () => {
      await hub.close()
      await ctx.groupHub.close()
      for (const client of app.websocketServer.clients) client.terminate()
      app.websocketServer.close()
    },
  })

  app.post('/lessons/generate_token', guarded, async (request) => ({
    data: await generateToken(
      ctx,
      signers,
      currentSession(request),
      parseInput(generateTokenSchema, request.body).lesson_id,
    ),
  }))

  // LearnCube's classroom script asks this address for its token (LearnCube's
  // validation flow); the grant in the address, signed for one party of one lesson, is the only
  // credential. The answer is LearnCube's shape, `{token}`, not the API's envelope.
  const validate = async (request: FastifyRequest) => ({
    token: await learncubeToken(
      ctx,
      signers.learncubeGrants,
      parseInput(learncubeValidateQuery, request.query).grant,
    ),
  })
  app.get('/learncube/validate', validate)
  app.post('/learncube/validate', validate)

  app.get('/lessons/chat', guarded, async (request) => ({
    data: await listChat(ctx, currentUser(request), parseInput(chatListQuery, request.query).lesson_id),
  }))

  app.post('/lessons/chat', guarded, async (request) => {
    const user = currentUser(request)
    const input = parseInput(chatPostSchema, request.body)
    // A user's messages per minute, counted on every process together.
    await ctx.limiters.chatPerUser.consume(user.id)
    const { message, created, meetingId } = await postChat(ctx, user, input)
    if (created && meetingId) ctx.groupHub.broadcastChat(meetingId, message)
    else if (created) hub.broadcastChat(message)
    return { data: message }
  })

  app.post('/lesson_interactions/create', guarded, async (request, reply) => {
    const input = parseInput(lessonInteractionSchema, request.body)
    return reply.status(201).send({ data: await createInteraction(ctx, currentUser(request), input) })
  })

  app.route({
    method: 'GET',
    url: '/lessons/room',
    // protocol §2: a page of another origin never gets a socket (cross-site WebSocket hijacking).
    preValidation: async (request) => {
      if (request.ws && !isSameOrigin(request, ctx.config.publicUrl)) throw new AppError('forbidden')
    },
    // A plain GET: this address only speaks WebSocket.
    handler: async () => {
      throw new AppError('bad_request', { status: 426 })
    },
    wsHandler: (socket, request) => enterRoom(ctx, tokens, hub, ctx.groupHub, socket, request),
  })
}
