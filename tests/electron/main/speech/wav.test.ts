import { describe, expect, it } from 'vitest';
import { readWavInfo } from '../../../../electron/main/speech/wav';

/** A PCM WAV header for `dataBytes` of 16-bit mono sound at 22050 Hz, as espeak-ng writes. */
function wav(dataBytes: number, declared = dataBytes): Uint8Array {
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let index = 0; index < 4; index += 1) bytes[at + index] = value.charCodeAt(index);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + declared, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 22050, true);
  view.setUint32(28, 44100, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, declared, true);
  return bytes;
}

describe('reading a WAV header', () => {
  it('gives the format and how long it plays', () => {
    expect(readWavInfo(wav(44100))).toEqual({
      channels: 1,
      sampleRate: 22050,
      bitsPerSample: 16,
      dataBytes: 44100,
      durationSeconds: 1,
    });
  });

  it('counts what is there when a streamed header declares more', () => {
    expect(readWavInfo(wav(4410, 0x7ffff000))?.durationSeconds).toBeCloseTo(0.1);
  });

  it.each([
    ['too short', new Uint8Array(10)],
    ['not RIFF', new TextEncoder().encode('ID3'.padEnd(64, ' '))],
    ['no data chunk', wav(0).subarray(0, 36)],
  ])('refuses bytes that are %s', (_name, bytes) => {
    expect(readWavInfo(bytes)).toBeNull();
  });
});
