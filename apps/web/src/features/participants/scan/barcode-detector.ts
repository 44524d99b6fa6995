// zxing-wasm's reader, copied into the app's own assets by Vite: with no override the polyfill
// fetches it from a CDN, which a venue without internet (and the service worker) cannot reach.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The card formats the scan panel reads (SPEC §9's scan page: QR Code, Code128, EAN-13, PDF417). */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'ean_13', 'pdf417'] as const;

/** What the scan needs of a detector: the Barcode Detection API's detect(). */
export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * A barcode detector: the browser's own when it reads QR codes (Android Chrome), else the
 * `barcode-detector` polyfill (ZXing in WebAssembly), loaded only now, on 'Pindai kartu'
 * (docs/decisions/077).
 */
export async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (supported.includes('qr_code')) {
      return new native({ formats: SCAN_FORMATS.filter((f) => supported.includes(f)) });
    }
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Loaded now rather than on the first frame, so a reader that cannot load says so at once.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
