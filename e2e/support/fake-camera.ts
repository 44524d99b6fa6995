import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;

/**
 * Writes a .y4m video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a few
 * 640×480 YUV 4:2:0 frames of `text` as a QR code centred on white, the way a card is held up to
 * a phone. The QR is rendered by `qrcode` as a PNG and decoded with pngjs, as a printed card's is.
 */
export async function writeQrVideo(path: string, text: string): Promise<void> {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { type: 'png', margin: 4, scale: 8 }));
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const left = Math.floor((WIDTH - png.width) / 2);
  const top = Math.floor((HEIGHT - png.height) / 2);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      const [r, g, b] = [png.data[i] as number, png.data[i + 1] as number, png.data[i + 2] as number];
      luma[(top + y) * WIDTH + left + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  // Grey has no colour: both chroma planes at their midpoint.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
