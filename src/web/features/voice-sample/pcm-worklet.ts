// The AudioWorklet processor of pcm-capture.ts: it posts each render quantum's channels (copied:
// the engine reuses its buffers) to the page, which keeps them until the recording stops. Built
// by Vite as a separate file (`?worker&url`) and loaded by `audioWorklet.addModule`, so it stays
// same-origin under the Content-Security-Policy.

// The AudioWorkletGlobalScope's names (no TypeScript lib describes them).
declare class AudioWorkletProcessor {
  readonly port: MessagePort
}
declare function registerProcessor(name: string, processor: typeof AudioWorkletProcessor): void

class PcmRecorderProcessor extends AudioWorkletProcessor {
  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]
    if (input && input.length > 0) {
      const channels = input.map((channel) => channel.slice())
      this.port.postMessage(
        channels,
        channels.map((channel) => channel.buffer),
      )
    }
    return true
  }
}

registerProcessor('pcm-recorder', PcmRecorderProcessor)
