import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import { assertKey, type FileStorage } from './file-storage.js';

/** Error names the S3 API gives for an object that is not there (GetObject, HeadObject). */
const MISSING = new Set(['NoSuchKey', 'NotFound']);

/**
 * A failure of the object store itself (unreachable, refused credentials, no such bucket): the
 * visitor gets a 503 envelope, the log gets the cause.
 */
function unavailable(cause: unknown): AppError {
  const error = new AppError(
    'SERVICE_UNAVAILABLE',
    'Files are unavailable for a moment. Please try again shortly.',
  );
  error.cause = cause;
  return error;
}

function isMissingObject(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (MISSING.has(error.name) || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'))
  );
}

/**
 * The S3 adapter: objects in one bucket of an S3-compatible store (AWS S3, MinIO, Ceph, R2, …),
 * under the same keys as the local files, through the AWS SDK's S3 client. A missing object
 * reads as null (a 404 for the visitor); any other failure is a 503.
 */
export function createS3FileStorage(config: S3Config): FileStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where the API requires them: several S3-compatible stores refuse the SDK's
    // default CRC headers on plain PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that hangs must not hold a request for the server's whole 30 s timeout.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
          }),
        );
      } catch (error) {
        throw unavailable(error);
      }
    },
    async get(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return Buffer.alloc(0);
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw unavailable(error);
      }
    },
    async delete(key) {
      assertKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isMissingObject(error)) return;
        throw unavailable(error);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
