/**
 * A beep and a vibration per read (DESIGN.md section 14): a short high beep for a known product,
 * a lower double tone for a code that names none, so a counter hears it without looking. Web
 * Audio makes the tones (no sound files); phones without vibration simply do not vibrate.
 */
let audio: AudioContext | null = null;

function tone(context: AudioContext, frequency: number, startAt: number, seconds: number): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.08, startAt);
  gain.gain.exponentialRampToValueAtTime(0.0001, startAt + seconds);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(startAt);
  oscillator.stop(startAt + seconds);
}

/** Beeps and vibrates for a read: `known` false for a code that names no product. */
export function signalRead(known: boolean): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const now = audio.currentTime;
    if (known) tone(audio, 1760, now, 0.09);
    else {
      tone(audio, 330, now, 0.14);
      tone(audio, 262, now + 0.18, 0.2);
    }
  } catch {
    // No audio (a browser without Web Audio): the screen still shows the read.
  }
  navigator.vibrate?.(known ? 60 : [120, 60, 120]);
}
