/**
 * A short chime made with Web Audio (no sound file to ship or fetch): two soft sine notes.
 * A browser starts audio only after the page has been touched or a key pressed, so a screen
 * asks for that once (`canChime`), and says so while it cannot.
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioClass(): AudioContextClass | null {
  return typeof window === 'undefined' || typeof window.AudioContext !== 'function'
    ? null
    : window.AudioContext;
}

/** Starts (or resumes) audio; call from a click or key press. */
export function wakeChime(): void {
  const Audio = audioClass();
  if (Audio === null) return;
  context ??= new Audio();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
}

export function canChime(): boolean {
  return context?.state === 'running';
}

/** Plays the chime (`notes`: frequencies in Hz, one after another); silent if audio is asleep. */
export function chime(notes: readonly number[] = [880, 1320]): void {
  if (context?.state !== 'running') return;
  const start = context.currentTime;
  notes.forEach((frequency, index) => {
    if (!context) return;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + index * 0.18;
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.4);
  });
}
