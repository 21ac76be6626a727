/**
 * The camera as a barcode reader (DESIGN.md section 14): the back camera's video, a frame at a
 * time sent to the decoding worker (lib/decode-worker.ts); each code read is passed on once,
 * and again only after it has been out of sight for a moment (a code held in front of the camera
 * is one read, not thirty).
 */
import { useEffect, useRef, useState } from 'react';
import type { DecodeAnswer } from '../lib/decode-worker';

/** A code seen again within this time of its last sighting is the same read (milliseconds). */
const SAME_READ_MS = 1500;

export default function CameraScanner({ onRead }: { onRead: (value: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onRead);
  useEffect(() => {
    handler.current = onRead;
  });
  const [status, setStatus] = useState('Starting the camera...');

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    const worker = new Worker(new URL('../lib/decode-worker.ts', import.meta.url), { type: 'module' });
    const lastSeen = new Map<string, number>();
    let busy = false;
    let frameId = 0;

    worker.onmessage = (event: MessageEvent<DecodeAnswer>) => {
      busy = false;
      const now = performance.now();
      for (const code of event.data.codes) {
        const seen = lastSeen.get(code.value);
        lastSeen.set(code.value, now);
        if (seen === undefined || now - seen > SAME_READ_MS) handler.current(code.value);
      }
    };

    async function next() {
      if (stopped) return;
      const v = video.current;
      if (v && !busy && v.readyState >= 2 && v.videoWidth > 0) {
        busy = true;
        try {
          const frame = await createImageBitmap(v);
          worker.postMessage({ id: ++frameId, frame }, [frame]);
        } catch {
          busy = false;
        }
      }
      window.setTimeout(() => void next(), 50);
    }

    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
        if (stopped) return;
        const v = video.current!;
        v.srcObject = stream;
        await v.play();
        setStatus('Point the camera at a barcode.');
        void next();
      } catch (error) {
        setStatus(error instanceof Error && error.name === 'NotAllowedError' ? 'Camera access was refused: allow it in the browser to scan with the camera.' : 'No camera could be started on this device.');
      }
    })();

    return () => {
      stopped = true;
      worker.terminate();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="flex flex-col gap-2">
      <video ref={video} className="aspect-video w-full rounded-lg bg-black object-cover" muted playsInline aria-label="Camera view" />
      <p className="text-muted-foreground text-sm" role="status">
        {status}
      </p>
    </div>
  );
}
