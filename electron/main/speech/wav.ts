/**
 * Reads a RIFF/WAVE header: enough to check that a synthesiser's output is a WAV with
 * sound in it before it is handed to the page, and to say how long it plays.
 */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes of sound (the `data` chunk). */
  dataBytes: number;
  durationSeconds: number;
}

const ascii = (bytes: Uint8Array, at: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + 4));

/** The header's facts, or null when the bytes are not a PCM WAV with a `data` chunk. */
export function readWavInfo(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < 44 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavInfo, 'dataBytes' | 'durationSeconds'> | null = null;
  let byteRate = 0;
  // Chunks follow the 12-byte RIFF header, each an id, a little-endian size and its body.
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
      byteRate = view.getUint32(body + 8, true);
    } else if (id === 'data') {
      if (!format || byteRate === 0) return null;
      // A streamed WAV (espeak-ng --stdout) leaves the size at a placeholder: count what is here.
      const dataBytes = Math.min(size, bytes.length - body);
      return { ...format, dataBytes, durationSeconds: dataBytes / byteRate };
    }
    at = body + size + (size % 2);
  }
  return null;
}
