import { PROFILE_IMAGE_MAX_BYTES } from '@atelier/contract';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.js';

/*
 * Profile images (checklist D2, CS-File-Upload): at most 5 MB, recognised by their content (never
 * by name or declared type) as JPEG, PNG or WebP, refused when they carry markup (HTML/script or
 * PHP polyglots), then re-encoded: auto-rotated, at most 512×512, WebP, with every piece of
 * metadata (EXIF, GPS, ICC, XMP) dropped. Only the re-encoded bytes are ever stored or served.
 */

/** URL path under which avatars are served (`GET /media/avatars/{name}`). */
export const AVATAR_URL_PREFIX = '/media/avatars/';

/** Storage key of an avatar file name. */
export function avatarKeyOf(name: string): string {
  return `avatars/${name}`;
}

/** Largest side of a stored avatar, in pixels. */
export const AVATAR_MAX_SIDE = 512;

/** Largest decoded image accepted (pixels), against decompression bombs. */
const MAX_INPUT_PIXELS = 40_000_000;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Byte sequences of markup that have no business inside a photo. Each is long enough (5+ bytes)
 * that random compressed image data practically never contains it.
 */
const MARKUP = [
  /<(script|html|body|iframe|object|embed|meta|!doctype)[\s>/]/i,
  /<svg[\s>]/i,
  /<\?php/i,
  /javascript:/i,
];

function rejected(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path: 'image', message }]);
}

/** The image re-encoded as a small WebP without metadata; throws 400/413 for anything else. */
export async function processAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image is larger than 5 MB.');
  }
  if (bytes.length === 0) throw rejected('The file is empty.');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw rejected('The file is not an image we can read; upload a JPEG, PNG or WebP picture.');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw rejected('Only JPEG, PNG and WebP pictures are accepted.');
  }
  const latin1 = bytes.toString('latin1');
  if (MARKUP.some((pattern) => pattern.test(latin1))) {
    throw rejected(
      'The picture contains embedded markup and was refused; export it again from an image editor.',
    );
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw rejected('The picture could not be processed; it may be damaged.');
  }
}
