/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): real barcode images
 * drawn by bwip-js, each shown centred on white for a while with white between them, written as
 * Y4M by ffmpeg. Chromium plays the file in a loop as the camera's picture.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';

export interface VideoBarcode {
  /** bwip-js symbology, e.g. 'ean13', 'gs1datamatrix', 'code128'. */
  bcid: string;
  text: string;
}

/** Writes the video and answers its path. Each code shows `seconds` seconds, then white for 1 s. */
export async function barcodeVideo(codes: readonly VideoBarcode[], opts: { width?: number; height?: number; fps?: number; seconds?: number } = {}): Promise<string> {
  const { width = 640, height = 480, fps = 10, seconds = 2 } = opts;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-camera-'));
  const inputs: string[] = [];
  const filters: string[] = [];
  for (const [i, code] of codes.entries()) {
    const twoD = /matrix|qrcode/.test(code.bcid);
    const png = await bwipjs.toBuffer({ bcid: code.bcid, text: code.text, scale: twoD ? 8 : 3, ...(twoD ? {} : { height: 18 }), paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' });
    const file = path.join(dir, `code-${i}.png`);
    writeFileSync(file, png);
    inputs.push('-loop', '1', '-t', String(seconds), '-i', file);
    filters.push(
      `[${i}:v]scale='min(${width - 40},iw)':-1,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p,fps=${fps},setsar=1[c${i}]`,
      `color=white:s=${width}x${height}:d=1:r=${fps},format=yuv420p,setsar=1[w${i}]`,
    );
  }
  const chain = codes.map((_, i) => `[c${i}][w${i}]`).join('');
  filters.push(`${chain}concat=n=${codes.length * 2}:v=1:a=0[out]`);
  const out = path.join(dir, 'barcodes.y4m');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...inputs, '-filter_complex', filters.join(';'), '-map', '[out]', '-pix_fmt', 'yuv420p', out]);
  return out;
}
