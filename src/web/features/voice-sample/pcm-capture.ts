import { VOICE_SAMPLE } from '../../../domain/voice-sample.ts'

// Raw PCM from the microphone at 44 100 Hz (product-rules.md "Voice sample"). The AudioContext runs
// at that rate, so the browser resamples the device for us; an AudioWorklet collects the frames off
// the main thread, and where there is none (older Safari) a ScriptProcessorNode does the same.

export type PcmCapture = {
  /** Stops collecting and releases the audio graph; the frames recorded so far, per channel. */
  stop(): Promise<Float32Array[]>
}

const SCRIPT_PROCESSOR_FRAMES = 4096

/** Concatenates the collected blocks of each channel. */
export function joinBlocks(blocks: readonly Float32Array[][]): Float32Array[] {
  const channels = Math.max(0, ...blocks.map((block) => block.length))
  return Array.from({ length: channels }, (_, c) => {
    const length = blocks.reduce((sum, block) => sum + (block[c]?.length ?? 0), 0)
    const out = new Float32Array(length)
    let at = 0
    for (const block of blocks) {
      const part = block[c] ?? new Float32Array(0)
      out.set(part, at)
      at += part.length
    }
    return out
  })
}

const isChannelList = (value: unknown): value is Float32Array[] =>
  Array.isArray(value) && value.every((item) => item instanceof Float32Array)

async function workletNode(context: AudioContext, onBlock: (block: Float32Array[]) => void) {
  const { default: url } = await import('./pcm-worklet.ts?worker&url')
  await context.audioWorklet.addModule(url)
  const node = new AudioWorkletNode(context, 'pcm-recorder', { numberOfOutputs: 0 })
  node.port.onmessage = (event: MessageEvent<unknown>) => {
    if (isChannelList(event.data)) onBlock(event.data)
  }
  return node
}

function scriptProcessorNode(context: AudioContext, onBlock: (block: Float32Array[]) => void) {
  const node = context.createScriptProcessor(SCRIPT_PROCESSOR_FRAMES, 2, 2)
  node.onaudioprocess = (event) => {
    const input = event.inputBuffer
    onBlock(Array.from({ length: input.numberOfChannels }, (_, c) => input.getChannelData(c).slice()))
  }
  // A ScriptProcessorNode only runs while connected to the destination; it outputs silence.
  node.connect(context.destination)
  return node
}

/** Starts collecting the frames of `stream`'s microphone. */
export async function startPcmCapture(stream: MediaStream): Promise<PcmCapture> {
  const context = new AudioContext({ sampleRate: VOICE_SAMPLE.sampleRate })
  const blocks: Float32Array[][] = []
  let recording = true
  const onBlock = (block: Float32Array[]) => {
    if (recording) blocks.push(block)
  }
  try {
    const source = context.createMediaStreamSource(stream)
    const node =
      typeof AudioWorkletNode === 'function' && context.audioWorklet
        ? await workletNode(context, onBlock).catch(() => scriptProcessorNode(context, onBlock))
        : scriptProcessorNode(context, onBlock)
    source.connect(node)
    await context.resume()
  } catch (error) {
    await context.close()
    throw error
  }
  return {
    async stop() {
      recording = false
      await context.close()
      return joinBlocks(blocks)
    },
  }
}
