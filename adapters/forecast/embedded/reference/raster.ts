/** An RGBA canvas for the few pictures the embedded provider draws (icons, satellite thumbnails). */
export class Raster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  /** Blends `rgb` over the pixel with opacity `alpha` (0..1). */
  blend(x: number, y: number, rgb: readonly [number, number, number], alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 4;
    for (let c = 0; c < 3; c++) this.data[i + c] = Math.round(this.data[i + c]! * (1 - alpha) + rgb[c]! * alpha);
    this.data[i + 3] = 255;
  }

  fillRect(x0: number, y0: number, w: number, h: number, rgb: readonly [number, number, number], alpha = 1): void {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, y0 + h); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, x0 + w); x++) this.blend(x, y, rgb, alpha);
    }
  }

  fillEllipse(cx: number, cy: number, rx: number, ry: number, rgb: readonly [number, number, number], alpha = 1): void {
    for (let y = Math.floor(cy - ry); y <= cy + ry; y++) {
      for (let x = Math.floor(cx - rx); x <= cx + rx; x++) {
        const dx = (x + 0.5 - cx) / rx;
        const dy = (y + 0.5 - cy) / ry;
        if (dx * dx + dy * dy <= 1) this.blend(x, y, rgb, alpha);
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, width: number, rgb: readonly [number, number, number]): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      this.fillEllipse(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, width / 2, width / 2, rgb);
    }
  }
}
