import sharp from "sharp";

/** A real image made here, to upload through the app's own pipeline. */
export async function coverImage(colours: [string, string] = ["#8b5cf6", "#f97316"], width = 900, height = 1600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 3}" r="${width / 4}" fill="#ffffff" fill-opacity="0.35"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
