import {
  fail,
  fitWithin,
  type ImageType,
  isVisibleError,
  MAX_PHOTO_PIXELS,
  PHOTO_MAX_EDGE,
  sniffImageType,
  THUMBNAIL_EDGE,
} from "@printhood/core";
import sharp from "sharp";

/**
 * A photo's bytes made safe to show (issue 21 point 2), with sharp (libvips): the type is read from
 * the bytes' magic number (never the name or the declared type) and must be the format the decoder
 * then finds; the image is decoded (refused above MAX_PHOTO_PIXELS: a small file of a huge image is
 * a decompression bomb), turned upright from its EXIF orientation, scaled to fit PHOTO_MAX_EDGE and
 * written as a JPEG, with a THUMBNAIL_EDGE thumbnail. sharp writes no metadata unless asked
 * (`withMetadata`/`keepExif`, never called here), so the camera's EXIF, GPS position included, XMP
 * and ICC are gone; colours are converted to sRGB. Transparent pixels are laid on white.
 *
 * Only calls that sharp 0.32 also has are used (rotate, resize fit inside, flatten, jpeg,
 * metadata): see stacks/Storage.ts on how sharp reaches Lambda.
 */
export interface ProcessedImage {
  sourceType: ImageType;
  image: { bytes: Uint8Array; width: number; height: number };
  thumbnail: { bytes: Uint8Array; width: number; height: number };
}

const JPEG_QUALITY = 82;
const THUMBNAIL_QUALITY = 75;

export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw fail("photo_not_an_image");
  const input = () => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" });
  try {
    const meta = await input().metadata();
    // Bytes that start like one format but decode as another are not what they claim.
    if (meta.format !== sourceType) throw fail("photo_not_an_image");
    const image = await input()
      .rotate()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const thumb = fitWithin(image.info.width, image.info.height, THUMBNAIL_EDGE);
    const thumbnail = await sharp(image.data)
      .resize({ width: thumb.width, height: thumb.height, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: THUMBNAIL_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      sourceType,
      image: { bytes: new Uint8Array(image.data), width: image.info.width, height: image.info.height },
      thumbnail: { bytes: new Uint8Array(thumbnail.data), width: thumbnail.info.width, height: thumbnail.info.height },
    };
  } catch (e) {
    if (isVisibleError(e)) throw e;
    throw fail("photo_unreadable");
  }
}
