import { type RefObject, useEffect, useRef, useState } from 'react';
import { createDetector } from './barcode-detector';

/** Where the camera scan stands: starting, reading frames, or stopped with what the examiner should do. */
export type CameraState =
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'error'; message: string };

const EVERY_MS = 250;

/** The examiner-facing message for a camera that could not be opened. */
export function cameraMessage(error: unknown): string {
  // On plain http the browser hides the camera altogether; "not found" would send the examiner
  // looking for a broken camera (docs/decisions/092).
  if (typeof window !== 'undefined' && window.isSecureContext === false) {
    return 'Kamera hanya bisa dipakai bila aplikasi dibuka lewat alamat https://. Minta alamat https kepada panitia; sementara itu pilih peserta lewat daftar.';
  }
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Izin kamera ditolak. Izinkan kamera untuk aplikasi ini di pengaturan browser, lalu coba lagi. Peserta tetap bisa dipilih lewat daftar.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NoCamera') {
    return 'Kamera tidak ditemukan di HP ini. Pilih peserta lewat daftar.';
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return 'Kamera sedang dipakai aplikasi lain. Tutup aplikasi itu, lalu coba lagi.';
  }
  return 'Kamera atau pembaca kode tidak dapat dibuka. Coba lagi, atau pilih peserta lewat daftar.';
}

/**
 * Opens the back camera into `video` while `active`, reads barcodes a few times a second and hands
 * each text read to `onText` until it returns true (taken); the camera is released when inactive,
 * when the panel closes, or when opening fails.
 */
export function useCameraScan(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onText: (text: string) => boolean,
): CameraState {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  // The latest handler, read by the running loop: a new one must not restart the camera.
  const handler = useRef(onText);
  handler.current = onText;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    setState({ status: 'starting' });
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera', 'NoCamera');
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
        audio: false,
      });
      const detector = await createDetector();
      const el = video.current;
      if (stopped || !el) return;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      setState({ status: 'scanning' });
      const tick = async () => {
        if (stopped) return;
        const found = el.readyState >= 2 ? await detector.detect(el).catch(() => []) : [];
        for (const code of found) {
          if (stopped) return;
          if (handler.current(code.rawValue)) return stop();
        }
        if (!stopped) timer = window.setTimeout(() => void tick(), EVERY_MS);
      };
      void tick();
    })().catch((error: unknown) => {
      stop();
      if (error instanceof Error) console.error(error);
      setState({ status: 'error', message: cameraMessage(error) });
    });
    return stop;
  }, [active, video]);

  return state;
}
