import { useCallback, useEffect, useRef, useState } from 'react';

/** Recording settings of SPEC §9: 128 kbps, noise suppression and echo cancellation on. */
export const AUDIO_BITS_PER_SECOND = 128_000;
const CONSTRAINTS: MediaStreamConstraints = { audio: { noiseSuppression: true, echoCancellation: true } };

/** Where a recorder stands. */
export type RecorderState =
  | { status: 'idle' }
  | { status: 'recording' }
  | { status: 'recorded'; blob: Blob; url: string }
  | { status: 'error'; message: string };

/** One microphone recorder (MediaRecorder); the finished recording is handed to onRecorded. */
export function useRecorder(onRecorded: (blob: Blob) => void) {
  const [state, setState] = useState<RecorderState>({ status: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;
  const urlRef = useRef<string | null>(null);
  const starting = useRef(false);

  const release = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);
  useEffect(
    () => () => {
      // Leaving the screen mid-recording (back button) must free the microphone, and an answer
      // cut short is not uploaded: the examiner records it again.
      const media = recorder.current;
      if (media?.state === 'recording') {
        media.onstop = () => {
          for (const track of media.stream.getTracks()) track.stop();
        };
        media.stop();
      }
      release();
    },
    [release],
  );

  const start = useCallback(async () => {
    // The microphone prompt takes a while: a second tap on Rekam meanwhile must not open a second one.
    if (recorder.current || starting.current) return;
    starting.current = true;
    try {
      const stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      const media = new MediaRecorder(stream, { audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      const chunks: Blob[] = [];
      media.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      media.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        const blob = new Blob(chunks, { type: media.mimeType || 'audio/webm' });
        release();
        urlRef.current = URL.createObjectURL(blob);
        setState({ status: 'recorded', blob, url: urlRef.current });
        onRecordedRef.current(blob);
      };
      recorder.current = media;
      media.start();
      setState({ status: 'recording' });
    } catch (error) {
      // SPEC §8 only logs a missing or refused microphone; the examiner is told too, so they know why.
      console.warn('Mikrofon tidak tersedia', error);
      setState({ status: 'error', message: 'Mikrofon tidak diizinkan atau tidak ditemukan.' });
    } finally {
      starting.current = false;
    }
  }, [release]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
    recorder.current = null;
  }, []);

  const clear = useCallback(() => {
    release();
    setState({ status: 'idle' });
  }, [release]);

  return { state, start, stop, clear };
}
